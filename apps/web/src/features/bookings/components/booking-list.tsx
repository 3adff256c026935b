import type { BookingTab } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import type { useBookingList } from '../api/get-booking-list';
import { BOOKINGS_NS } from '../i18n';
import { useFocusFirstNew } from '../lib/use-focus-first-new';
import { BookingCard } from './booking-card';
import { LoadError } from './load-error';
import { ShowMore } from './show-more';

interface BookingListProps {
  tab: BookingTab;
  list: ReturnType<typeof useBookingList>;
}

/** One tab's bookings, newest first as the server answers, a page at a time. */
export function BookingList({ tab, list }: BookingListProps) {
  const { t } = useTranslation(BOOKINGS_NS);
  // While another tab's answer stands in (for the counts), this tab is still loading.
  const pages = list.isPlaceholderData ? undefined : list.data?.pages;
  const items = pages?.flatMap((page) => page.items) ?? [];
  const total = pages?.at(-1)?.total ?? 0;
  const { container, expectMore } = useFocusFirstNew<HTMLUListElement>(items.length);

  if (!pages) {
    if (list.isError) {
      return <LoadError message={t('list.loadFailed')} onRetry={() => void list.refetch()} />;
    }
    return (
      <p className="bookings-loading" role="status">
        {t('list.loading')}
      </p>
    );
  }

  if (items.length === 0) {
    return (
      <div className="bookings-empty">
        <p className="bookings-empty__title">{t(`list.empty.${tab}`)}</p>
        <p>{t('list.emptyHint')}</p>
        <Link className="button button--primary" to={paths.airport.getHref()}>
          {t('list.findLounge')}
        </Link>
      </div>
    );
  }

  return (
    <>
      <ul className="booking-list" ref={container}>
        {items.map((booking) => (
          <BookingCard key={booking.bookingId} booking={booking} />
        ))}
      </ul>
      <ShowMore
        status={t('list.shown', { shown: items.length, count: total })}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        failed={list.isFetchNextPageError}
        failedText={t('list.loadFailed')}
        onMore={() => {
          expectMore();
          void list.fetchNextPage();
        }}
      />
    </>
  );
}
