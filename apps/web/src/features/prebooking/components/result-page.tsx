import type { Booked, BookingOrderState } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { formatVisitDay } from '@/shared/lib/format-dates';
import { qrModules } from '@/shared/lib/qr';
import { DownloadButton } from '@/shared/ui/download-button';
import { QrCode } from '@/shared/ui/qr-code';
import {
  bookingOrderQueryOptions,
  useBookingCalendar,
  useLoungeBookingPdf,
} from '../api/prebooking';
import { PREBOOKING_NS } from '../i18n';
import { clearDraft } from '../lib/draft';
import { refusedAfterPayment } from '../lib/refusals';
import { SessionExpired } from './hold-state';
import { PrebookingFrame } from './prebooking-frame';
import { PrebookingLoad } from './prebooking-load';

/** Booking Successful: the Booking ID, its QR for the desk, the PDF and the calendar file. */
function Successful({ booking }: { booking: Booked }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const pdf = useLoungeBookingPdf();
  const calendar = useBookingCalendar();
  useEffect(() => clearDraft(), []);
  return (
    <div className="prebooking__panel">
      <h2>{t('result.success')}</h2>
      <p>
        <strong>{t('result.bookingId', { id: booking.bookingId })}</strong>
      </p>
      <p>
        {t('result.when', {
          lounge: booking.loungeName,
          date: formatVisitDay(booking.date),
          time: booking.time,
          zone: booking.timeZone,
        })}
      </p>
      <QrCode
        className="prebooking__qr"
        qr={qrModules(booking.qr)}
        label={t('result.qr', { id: booking.bookingId })}
      />
      <p>{t('result.qrHint')}</p>
      <p>{t('result.email')}</p>
      <div className="prebooking__actions">
        <DownloadButton
          file={pdf}
          variables={{ bookingId: booking.bookingId }}
          fileName={`booking-${booking.bookingId}.pdf`}
          label={t('result.pdf')}
          busyLabel={t('result.pdfBusy')}
          failedText={t('result.pdfFailed')}
        />
        <DownloadButton
          file={calendar}
          variables={{ bookingId: booking.bookingId }}
          fileName={`booking-${booking.bookingId}.ics`}
          label={t('result.ics')}
          busyLabel={t('result.icsBusy')}
          failedText={t('result.icsFailed')}
        />
        <Link className="button button--primary" to={paths.account.bookings.getHref()}>
          {t('result.bookings')}
        </Link>
      </div>
    </div>
  );
}

function Unsuccessful({ state }: { state: BookingOrderState }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const refused = refusedAfterPayment(state.failureReason);
  return (
    <div className="notice notice--error" role="alert">
      <h2>{refused ? t('result.unsuccessful') : t('result.payment')}</h2>
      <p>{refused ? t('result.unsuccessfulText') : t('result.paymentText')}</p>
      <Link className="button button--primary" to={paths.prebooking.detail.getHref()}>
        {t('result.again')}
      </Link>
    </div>
  );
}

function Outcome({ orderId }: { orderId: string }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const order = useQuery({
    ...bookingOrderQueryOptions(orderId),
    // Not final yet (the bank's answer on its way): asked again until it is.
    refetchInterval: (query) => {
      const outcome = query.state.data?.outcome;
      return outcome === 'pending' || outcome === 'authenticate' ? 2000 : false;
    },
  });
  if (!order.data) {
    if (order.isError) return <p className="notice notice--error">{t('result.unknown')}</p>;
    return <PrebookingLoad failed={false} onRetry={() => void order.refetch()} />;
  }
  const state = order.data;
  if (state.outcome === 'fulfilled' && state.booking) return <Successful booking={state.booking} />;
  if (state.outcome === 'failed') return <Unsuccessful state={state} />;
  return <PrebookingLoad failed={false} onRetry={() => void order.refetch()} />;
}

/**
 * /prebooking/result: Booking Successful (step 3) with the Booking ID, QR, PDF and calendar
 * file; Booking Unsuccessful or Payment Unsuccessful with what happens to money and passes;
 * Session expired.
 */
export function ResultPage() {
  const { t: tp } = useTranslation('pages');
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  return (
    <PrebookingFrame title={tp('prebooking.result')} step={3} done>
      {orderId ? <Outcome orderId={orderId} /> : <SessionExpired />}
    </PrebookingFrame>
  );
}
