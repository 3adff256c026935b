import type { Booked, BookingOrderState } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useSearchParams } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { formatVisitDay } from '@/shared/lib/format-dates';
import { formatMoney } from '@/shared/lib/format-money';
import { qrModules } from '@/shared/lib/qr';
import { DownloadButton } from '@/shared/ui/download-button';
import { QrCode } from '@/shared/ui/qr-code';
import { useBookingCalendar } from '../api/prebooking';
import { PREBOOKING_NS } from '../i18n';
import { flowOrderQuery, type BookingFlow } from '../lib/flows';
import { refusedAfterPayment } from '../lib/refusals';
import { SessionExpired } from './hold-state';
import { PrebookingFrame } from './prebooking-frame';
import { PrebookingLoad } from './prebooking-load';

/** What the confirmation tells besides: where and the way there, who comes, what was paid. */
function BookedFacts({
  flow,
  details,
}: {
  flow: BookingFlow;
  details: NonNullable<Booked['details']>;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  return (
    <dl className="prebooking__facts">
      <dt>{t('result.where')}</dt>
      <dd>{`${details.terminal}, ${t(`lounge.side.${details.side}`)}`}</dd>
      <dt>{t('result.directions')}</dt>
      <dd>{details.directions}</dd>
      <dt>{t('review.passengers')}</dt>
      <dd>{details.passengerNames.join(', ')}</dd>
      {flow.kind === 'lounge' && details.infants > 0 ? (
        <>
          <dt>{t('review.infants')}</dt>
          <dd>{details.infants}</dd>
        </>
      ) : null}
      <dt>{t('review.passesUsed')}</dt>
      <dd>{details.passesUsed}</dd>
      <dt>{t('result.paid')}</dt>
      <dd>
        {details.paymentCard && details.paid.amount > 0
          ? t('result.paidByCard', { amount: formatMoney(details.paid), card: details.paymentCard })
          : formatMoney(details.paid)}
      </dd>
    </dl>
  );
}

/**
 * Booking Successful: the Booking ID, where, who and what was paid, its QR for the desk, the PDF
 * and the calendar file.
 */
function Successful({ flow, booking }: { flow: BookingFlow; booking: Booked }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const pdf = useMutation({ ...flow.pdf, meta: { serverErrorOverlay: false } });
  const calendar = useBookingCalendar();
  useEffect(() => flow.draft.clear(), [flow]);
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
      {booking.details ? <BookedFacts flow={flow} details={booking.details} /> : null}
      <QrCode
        className="prebooking__qr"
        qr={qrModules(booking.qr)}
        label={t(flow.kind === 'lounge' ? 'result.qr' : 'result.laneQr', { id: booking.bookingId })}
      />
      <p>{t(flow.kind === 'lounge' ? 'result.qrHint' : 'result.laneQrHint')}</p>
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

function Unsuccessful({ flow, state }: { flow: BookingFlow; state: BookingOrderState }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const refused = refusedAfterPayment(state.failureReason);
  return (
    <div className="notice notice--error" role="alert">
      <h2>{refused ? t('result.unsuccessful') : t('result.payment')}</h2>
      <p>{refused ? t('result.unsuccessfulText') : t('result.paymentText')}</p>
      <Link className="button button--primary" to={flow.paths.detail.getHref()}>
        {t('result.again')}
      </Link>
    </div>
  );
}

function Outcome({ flow, state }: { flow: BookingFlow; state: BookingOrderState }) {
  if (state.outcome === 'fulfilled' && state.booking)
    return <Successful flow={flow} booking={state.booking} />;
  if (state.outcome === 'failed') return <Unsuccessful flow={flow} state={state} />;
  return null;
}

/**
 * The result of a booking flow (/prebooking/result, /cipprebooking/result): Booking Successful
 * (every step shown done) with the Booking ID, QR, PDF and calendar file; Booking Unsuccessful
 * or Payment Unsuccessful with what happens to money and passes (the payment step still the
 * current one); Session expired.
 */
export function ResultPage({ flow }: { flow: BookingFlow }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const { t: tp } = useTranslation('pages');
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  // Not final yet (the bank's answer on its way): asked again until it is.
  const order = useQuery({ ...flowOrderQuery(flow, orderId), enabled: orderId !== '' });
  const state = order.data;
  const settled = state?.outcome === 'fulfilled' || state?.outcome === 'failed';
  return (
    <PrebookingFrame
      flow={flow}
      title={tp(`${flow.titles}.result`)}
      step={flow.paymentStep}
      done={state?.outcome === 'fulfilled'}
    >
      {!orderId ? (
        <SessionExpired flow={flow} />
      ) : state && settled ? (
        <Outcome flow={flow} state={state} />
      ) : order.isError ? (
        <p className="notice notice--error">{t('result.unknown')}</p>
      ) : (
        <PrebookingLoad failed={false} onRetry={() => void order.refetch()} />
      )}
    </PrebookingFrame>
  );
}
