import type { Booking } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { BOOKINGS_NS } from '../i18n';
import { formatVisitDay } from '@/shared/lib/format-dates';
import { Field } from './field';

/** The visit in the airport's own time, as the server gives it (spec: never converted here). */
export function VisitTime({ booking }: { booking: Pick<Booking, 'visitDate' | 'visitTime'> }) {
  const { t } = useTranslation(BOOKINGS_NS);
  return (
    <time dateTime={`${booking.visitDate}T${booking.visitTime}`}>
      {t('value.visit', { date: formatVisitDay(booking.visitDate), time: booking.visitTime })}
    </time>
  );
}

/** The fields every booking shows (spec section 2), for the cards and the detail pages. */
export function BookingFieldRows({ booking }: { booking: Booking }) {
  const { t } = useTranslation(BOOKINGS_NS);
  const notGiven = t('value.notGiven');
  // The card when money was taken; passes only when passes alone paid; a free booking says so.
  const payment =
    booking.paid.amount > 0
      ? (booking.paymentCard ?? notGiven)
      : booking.passesUsed > 0
        ? t('value.paidWithPasses')
        : t('value.noPayment');
  return (
    <>
      <Field label={t('field.bookingId')}>{booking.bookingId}</Field>
      <Field label={t('field.visit')}>
        <VisitTime booking={booking} />
      </Field>
      <Field label={t('field.passengers')}>{booking.passengers}</Field>
      <Field label={t('field.passengerNames')}>
        {booking.passengerNames.length > 0 ? booking.passengerNames.join(', ') : notGiven}
      </Field>
      <Field label={t('field.paymentCard')}>{payment}</Field>
      <Field label={t('field.contactNumber')}>{booking.contactNumber ?? notGiven}</Field>
      <Field label={t('field.email')}>{booking.email ?? notGiven}</Field>
      <Field label={t('field.flightNumber')}>{booking.flightNumber || notGiven}</Field>
    </>
  );
}
