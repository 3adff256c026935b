import type { Booking } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { paths } from '@/shared/config/paths';
import { Link } from '@/shared/router';
import { formatMoney } from '@/shared/lib/format-money';
import { qrModules } from '@/shared/lib/qr';
import { QrCode } from '@/shared/ui/qr-code';
import { BOOKINGS_NS } from '../i18n';
import { bookingsHref } from '../lib/booking-links';
import { formatInstantDay } from '@/shared/lib/format-dates';
import { useBookingCheck } from '../lib/use-booking-check';
import { BookingFieldRows } from './booking-field-rows';
import { BookingWhere } from './booking-where';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { DownloadCalendarButton, DownloadPdfButton } from './download-pdf-button';
import { Field } from './field';
import { RefundOutcome } from './refund-outcome';

const statusBadge = {
  booked: 'badge badge--open',
  past: 'badge badge--closed',
  cancelled: 'badge badge--closed',
};

/**
 * A booking in full: every field, what was paid, the refund, the code to show at the desk or lane
 * while it is still to be used, and what can be done with it. The page passes the detail (with
 * its `qr`); a booking without one (as the cancel answers it) shows no code.
 */
export function BookingDetailView({ booking }: { booking: Booking & { qr?: string | null } }) {
  const { t } = useTranslation(BOOKINGS_NS);
  const [confirming, setConfirming] = useState(false);
  const [cancelledId, setCancelledId] = useState<string | null>(null);
  const { check, start: checkBooking } = useBookingCheck(booking);
  const notice = useRef<HTMLDivElement>(null);
  const product = useRef<HTMLHeadingElement>(null);
  const focusProduct = useRef(false);
  const justCancelled = cancelledId === booking.bookingId && booking.tab === 'cancelled';

  // After the dialog closes (and gives focus back), the outcome takes focus: the button is gone.
  useEffect(() => {
    if (justCancelled) notice.current?.focus();
  }, [justCancelled]);

  // Closed once the booking turned out not cancellable: the button focus would go back to is
  // gone, so the booking's heading takes focus, with its status just below.
  useEffect(() => {
    if (confirming || !focusProduct.current) return;
    focusProduct.current = false;
    product.current?.focus();
  }, [confirming]);

  return (
    <>
      {justCancelled ? (
        <div
          className="notice notice--success booking-detail__notice"
          role="status"
          tabIndex={-1}
          ref={notice}
        >
          <p>{t('detail.cancelled', { bookingId: booking.bookingId })}</p>
          <RefundOutcome booking={booking} />
        </div>
      ) : null}
      <h2 className="booking-detail__product" ref={product} tabIndex={-1}>
        {booking.productName}
      </h2>
      <BookingWhere booking={booking} className="booking-detail__where" />
      <dl className="booking-fields booking-fields--detail">
        <Field label={t('field.status')}>
          <span className={statusBadge[booking.tab]}>{t(`status.${booking.tab}`)}</span>
        </Field>
        <BookingFieldRows booking={booking} />
        <Field label={t('field.paid')}>{formatMoney(booking.paid)}</Field>
        <Field label={t('field.passesUsed')}>{booking.passesUsed}</Field>
        <Field label={t('field.bookedOn')}>
          {formatInstantDay(booking.bookedAt, booking.timeZone)}
        </Field>
        {booking.tab === 'cancelled' && booking.cancelledAt ? (
          <Field label={t('field.cancelledOn')}>
            {formatInstantDay(booking.cancelledAt, booking.timeZone)}
          </Field>
        ) : null}
        {booking.tab === 'cancelled' ? (
          <Field label={t('field.refund')}>
            <RefundOutcome booking={booking} />
          </Field>
        ) : null}
      </dl>
      {typeof booking.qr === 'string' && booking.tab === 'booked' ? (
        <>
          <QrCode
            className="booking-detail__qr"
            qr={qrModules(booking.qr)}
            label={t('detail.qr', { id: booking.bookingId })}
          />
          <p className="booking-detail__qr-hint">
            {booking.kind === 'fast-track' ? t('detail.qrHintFastTrack') : t('detail.qrHintLounge')}
          </p>
        </>
      ) : null}
      <div className="booking-detail__actions">
        <DownloadPdfButton bookingId={booking.bookingId} />
        {booking.tab === 'booked' ? <DownloadCalendarButton bookingId={booking.bookingId} /> : null}
        {booking.kind === 'lounge' && booking.cancellation.refundable ? (
          <Link
            className="button button--secondary"
            to={paths.prebooking.amend.getHref(booking.bookingId)}
          >
            {t('detail.change')}
          </Link>
        ) : null}
        {booking.cancellation.allowed ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              // The refund is said from the booking as it is now, not as the page loaded.
              checkBooking();
              setConfirming(true);
            }}
          >
            {t('cancel.button')}
          </button>
        ) : null}
      </div>
      <p className="booking-detail__back">
        <Link to={bookingsHref(booking.tab)}>{t('detail.backToBookings')}</Link>
      </p>
      <CancelBookingDialog
        booking={booking}
        open={confirming}
        check={check}
        onCheckAgain={checkBooking}
        onClose={() => {
          focusProduct.current = !booking.cancellation.allowed;
          setConfirming(false);
        }}
        onCancelled={(cancelled) => {
          setConfirming(false);
          setCancelledId(cancelled.bookingId);
        }}
      />
    </>
  );
}
