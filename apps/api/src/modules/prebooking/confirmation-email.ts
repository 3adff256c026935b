import { ENTRY_WINDOWS, joinPlace, REFUND_WORKING_DAYS } from '@portal/contract';
import type { bookings } from '../../db/schema';
import type { User } from '../../members/member-row';
import { localDateTime, visitDayText } from '../../platform/local-time';
import { formatMoney } from '../../platform/money';
import type { OutgoingMessage } from '../../platform/outbox';
import { bookingAttachments } from '../bookings/index';
import type { BookableProduct } from './bookable-product';

type BookingRow = typeof bookings.$inferSelect;

/** What the confirmation tells of a booking: written with it, so from the values it is made of. */
export type ConfirmedBooking = Pick<
  BookingRow,
  | 'id'
  | 'reference'
  | 'visitAt'
  | 'flightNumber'
  | 'passengerNames'
  | 'infants'
  | 'passesUsed'
  | 'amount'
  | 'currency'
  | 'cardLabel'
  | 'email'
>;

/**
 * How each flow names its booking and the place its QR is shown. (A fast-track booking names
 * its children going free among its passengers; a lounge's infants are counted.)
 */
const WORDS = {
  lounge: { booking: 'Lounge booking', desk: 'lounge desk' },
  'fast-track': { booking: 'Fast track booking', desk: 'fast track lane' },
} as const;

/** The confirmation of a lounge or fast-track booking, queued in the statement that writes it. */
export function confirmationEmail(
  user: Pick<User, 'email' | 'firstName'>,
  booking: ConfirmedBooking,
  bookable: BookableProduct,
  noticeHours: number,
): OutgoingMessage {
  const { product, airport } = bookable;
  const words = WORDS[bookable.kind];
  const visit = localDateTime(booking.visitAt, airport.timeZone);
  const paid =
    booking.amount > 0
      ? `Paid: ${formatMoney(booking.amount, booking.currency)}${booking.cardLabel ? ` (${booking.cardLabel})` : ''}`
      : 'Paid: nothing by card';
  const lines = [
    `Hello ${user.firstName},`,
    '',
    `Your ${words.booking.toLowerCase()} is confirmed. Booking ID: ${booking.reference}`,
    '',
    `${joinPlace([product.name, product.terminal])} (${product.side})`,
    `${airport.name} (${airport.iataCode})`,
    `${visitDayText(visit.date)} at ${visit.time} local time (${airport.timeZone})`,
    `Flight: ${booking.flightNumber}`,
    `Passengers: ${booking.passengerNames.join(', ')}` +
      (booking.infants > 0 && bookable.kind === 'lounge'
        ? ` and ${booking.infants} infant(s)`
        : ''),
    `Passes used: ${booking.passesUsed}`,
    paid,
    '',
    'Show the QR code of your booking (in your account, or the attached confirmation) at the ' +
      `${words.desk}, ${ENTRY_WINDOWS[bookable.kind].text}.`,
    '',
    `Cancel at least ${noticeHours} hours before your visit for a full refund (about ` +
      `${REFUND_WORKING_DAYS} working days) and your passes back; later cancellations are not refunded.`,
  ];
  return {
    channel: 'email',
    to: booking.email ?? user.email,
    subject: `${words.booking} confirmed: ${booking.reference}`,
    body: lines.join('\n'),
    attachments: bookingAttachments(booking),
  };
}
