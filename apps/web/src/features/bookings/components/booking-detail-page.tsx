import '../bookings.css';
import type { BookingKind } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useSearchParams } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { paths } from '@/shared/config/paths';
import { PageTitle } from '@/shared/ui/page-title';
import { getBookingDetailQueryOptions } from '../api/get-booking-detail';
import { getFastTrackBookingDetailQueryOptions } from '../api/get-fast-track-booking-detail';
import { BOOKINGS_NS } from '../i18n';
import { BookingDetailView } from './booking-detail-view';
import { LoadError } from './load-error';

/** What members can type or paste: the contract's Booking ID rule. */
const BOOKING_ID = /^[A-Z0-9]{6,20}$/;

const titleKey = {
  lounge: 'account.bookingDetail',
  'fast-track': 'account.fastTrackBookingDetail',
} as const satisfies Record<BookingKind, string>;

/** /account/bookings/detail and /ftdetail?bookingId=: one booking in full, to download or cancel. */
export function BookingDetailPage({ kind }: { kind: BookingKind }) {
  const { t } = useTranslation(BOOKINGS_NS);
  const { t: tp } = useTranslation('pages');
  const [params] = useSearchParams();
  const bookingId = (params.get('bookingId') ?? '').trim().toUpperCase();
  const valid = BOOKING_ID.test(bookingId);
  const options =
    kind === 'fast-track'
      ? getFastTrackBookingDetailQueryOptions(bookingId)
      : getBookingDetailQueryOptions(bookingId);
  const detail = useQuery({ ...options, enabled: valid });
  const title = tp(titleKey[kind]);

  if (!valid || isApiError(detail.error, 'notFound', 'invalidRequest')) {
    return <BookingNotFound bookingId={valid ? bookingId : ''} />;
  }

  return (
    <section className="booking-detail" aria-labelledby="page-title" aria-busy={detail.isPending}>
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      {detail.data ? (
        <BookingDetailView booking={detail.data} />
      ) : detail.isError ? (
        <LoadError message={t('detail.loadFailed')} onRetry={() => void detail.refetch()} />
      ) : (
        <p role="status">{t('detail.loading')}</p>
      )}
    </section>
  );
}

function BookingNotFound({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation(BOOKINGS_NS);
  const title = t('detail.notFoundTitle');
  return (
    <section className="booking-detail" aria-labelledby="page-title">
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      <p>{bookingId ? t('detail.notFoundWithId', { bookingId }) : t('detail.notFound')}</p>
      <p>
        <Link to={paths.account.bookings.getHref()}>{t('detail.backToBookings')}</Link>
      </p>
    </section>
  );
}
