import { joinPlace, REFUND_WORKING_DAYS } from '@portal/contract';
import type { OutgoingMessage } from '../../platform/outbox';
import type { BookingRecord } from './booking-view';
import { localDateTime, visitDayText } from '../../platform/local-time';
import { formatMoney } from '../../platform/money';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The email confirming a cancellation: what, when, and what comes back. */
export function cancellationEmail(
  to: string,
  firstName: string,
  record: BookingRecord,
  noticeHours: number,
): OutgoingMessage {
  const { booking, product, airport } = record;
  const visit = localDateTime(booking.visitAt, airport.timeZone);
  const lines = [
    `Hello ${firstName},`,
    '',
    `Your booking ${booking.reference} has been cancelled.`,
    '',
    joinPlace([product.name, product.terminal]),
    `${airport.name} (${airport.iataCode})`,
    `${visitDayText(visit.date)} at ${visit.time} (local time)`,
    '',
  ];
  if (booking.refundState === 'pending') {
    lines.push(
      `We are refunding ${formatMoney(booking.refundAmount, booking.currency)} to ` +
        `${booking.cardLabel ?? 'the card that paid'}. ` +
        `Refunds take about ${REFUND_WORKING_DAYS} working days.`,
    );
  }
  if (booking.passesReturned > 0) {
    lines.push(
      `${plural(booking.passesReturned, 'pass has', 'passes have')} been returned to your membership.`,
    );
  }
  if (booking.refundState === 'none' && booking.passesReturned === 0) {
    lines.push(
      booking.amount > 0 || booking.passesUsed > 0
        ? `It was cancelled less than ${noticeHours} hours before the visit, so nothing is refunded.`
        : 'Nothing was paid for it, so there is nothing to refund.',
    );
  }
  return {
    channel: 'email',
    to,
    subject: `Booking ${booking.reference} cancelled`,
    body: lines.join('\n'),
  };
}
