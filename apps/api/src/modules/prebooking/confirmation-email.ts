import { REFUND_WORKING_DAYS } from '@portal/contract';
import type { bookings } from '../../db/schema';
import type { User } from '../../members/member-row';
import { localDateTime } from '../../platform/local-time';
import { formatMoney } from '../../platform/money';
import type { OutgoingMessage } from '../../platform/outbox';
import { bookingAttachments } from '../bookings/index';
import type { BookableProduct } from './bookable-product';

type BookingRow = typeof bookings.$inferSelect;

/** The confirmation of a lounge booking, queued in the transaction that makes it. */
export function confirmationEmail(
  user: Pick<User, 'email' | 'firstName'>,
  booking: BookingRow,
  lounge: BookableProduct,
  noticeHours: number,
): OutgoingMessage {
  const { product, airport } = lounge;
  const visit = localDateTime(booking.visitAt, airport.timeZone);
  const paid =
    booking.amount > 0
      ? `Paid: ${formatMoney(booking.amount, booking.currency)}${booking.cardLabel ? ` (${booking.cardLabel})` : ''}`
      : 'Paid: nothing by card';
  const lines = [
    `Hello ${user.firstName},`,
    '',
    `Your lounge booking is confirmed. Booking ID: ${booking.reference}`,
    '',
    `${product.name}, ${product.terminal} (${product.side})`,
    `${airport.name} (${airport.iataCode})`,
    `${visit.date} at ${visit.time} local time (${airport.timeZone})`,
    `Flight: ${booking.flightNumber}`,
    `Passengers: ${booking.passengerNames.join(', ')}${booking.infants > 0 ? ` and ${booking.infants} infant(s)` : ''}`,
    `Passes used: ${booking.passesUsed}`,
    paid,
    '',
    'Show the QR code of your booking (in your account, or the attached confirmation) at the ' +
      'lounge desk, from 1 hour before to 3 hours after your booked time.',
    '',
    `Cancel at least ${noticeHours} hours before your visit for a full refund (about ` +
      `${REFUND_WORKING_DAYS} working days) and your passes back; later cancellations are not refunded.`,
  ];
  return {
    channel: 'email',
    to: booking.email ?? user.email,
    subject: `Lounge booking confirmed: ${booking.reference}`,
    body: lines.join('\n'),
    attachments: bookingAttachments(booking),
  };
}
