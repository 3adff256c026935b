import { ENTRY_WINDOWS, REFUND_WORKING_DAYS } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import {
  pdfNote,
  pdfQr,
  pdfRows,
  pdfSection,
  pdfStamp,
  pdfTitle,
  renderPdf,
} from '../../platform/documents';
import { bookingQr } from './booking-qr';
import { contactNumberOf, tabOf, type BookingRecord } from './booking-view';
import { localDateTime } from '../../platform/local-time';
import { formatMoney } from '../../platform/money';

/** "Wednesday, 1 July 2026" (en-GB; older ICU leaves out the comma) in the airport's zone. */
function longDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(instant);
}

const KIND_NAMES = { lounge: 'Lounge', 'fast-track': 'Fast track' } as const;

/** The booking confirmation PDF of one booking, its visit in the airport's own time. */
export function bookingConfirmationPdf(
  record: BookingRecord,
  now: Date,
  noticeHours: number,
  /** The signed reference the desk scans; shown while the booking is still to be used. */
  qr?: string,
): Promise<Buffer> {
  const { booking, product, airport } = record;
  const visit = localDateTime(booking.visitAt, airport.timeZone);
  const tab = tabOf(booking, now);
  const status = { booked: 'Booked', past: 'Visit date passed', cancelled: 'CANCELLED' }[tab];

  return renderPdf(
    {
      // The Booking ID in the title is what tests find in the bytes (see renderPdf).
      title: `Booking confirmation ${booking.reference}`,
      subject: `${KIND_NAMES[booking.kind]} booking ${booking.reference}`,
      createdAt: now,
    },
    (doc) => {
      pdfTitle(doc, 'Booking confirmation', `Booking ID ${booking.reference}`);
      if (booking.status === 'cancelled') pdfStamp(doc, 'CANCELLED');

      pdfSection(doc, KIND_NAMES[booking.kind]);
      pdfRows(doc, [
        ['Booking ID', booking.reference],
        [booking.kind === 'lounge' ? 'Lounge' : 'Fast track', product.name],
        ['Airport', `${airport.name} (${airport.iataCode})`],
        ['Terminal', product.terminal],
        ['Date of visit', `${longDate(booking.visitAt, airport.timeZone)} (${visit.date})`],
        ['Time of visit', `${visit.time} (local time, ${airport.timeZone})`],
        ['Flight number', booking.flightNumber],
        ['Status', status],
      ]);

      if (qr && tab === 'booked') {
        pdfQr(
          doc,
          qr,
          `Show this code at the ${booking.kind === 'lounge' ? 'lounge desk' : 'Fast Track entrance'} ${ENTRY_WINDOWS[booking.kind].text}. Booking ID ${booking.reference}.`,
        );
      }

      pdfSection(doc, 'Passengers');
      pdfRows(doc, [
        ['Passengers', String(booking.passengers)],
        ['Names', booking.passengerNames.length > 0 ? booking.passengerNames.join(', ') : '-'],
        ['Contact number', contactNumberOf(booking) ?? '-'],
        ['Email', booking.email ?? '-'],
      ]);

      pdfSection(doc, 'Payment');
      const payment: [string, string][] = [
        ['Payment card', booking.cardLabel ?? '-'],
        ['Amount paid', formatMoney(booking.amount, booking.currency)],
        ['Passes used', String(booking.passesUsed)],
      ];
      if (booking.status === 'cancelled') {
        const cancelledOn = booking.cancelledAt
          ? localDateTime(booking.cancelledAt, airport.timeZone).date
          : '-';
        payment.push(['Cancelled on', cancelledOn]);
        if (booking.refundState !== 'none') {
          // In the currency paid: the refund is the payment given back, never converted.
          payment.push([
            booking.refundState === 'pending' ? 'Refund (pending)' : 'Refunded',
            formatMoney(booking.refundAmount, booking.currency),
          ]);
        }
        if (booking.refundState === 'pending' && booking.refundDueAt) {
          // The same date as the booking's refund.dueBy.
          payment.push(['Refund due by', booking.refundDueAt.toISOString().slice(0, 10)]);
        }
        if (booking.passesReturned > 0) {
          payment.push(['Passes returned', String(booking.passesReturned)]);
        }
      }
      pdfRows(doc, payment);

      pdfNote(
        doc,
        'Please bring this confirmation and your boarding pass. Cancelling at least ' +
          `${noticeHours} hours before the visit refunds the card payment (refunds take about ${REFUND_WORKING_DAYS} ` +
          'working days) and returns any passes at once.',
      );
    },
  );
}

/** A booking's confirmation as the app makes it now: its refund rule and its desk QR. */
export function bookingPdfOf(
  app: Pick<FastifyInstance, 'env' | 'clock'>,
  record: BookingRecord,
  now = app.clock.now(),
): Promise<Buffer> {
  return bookingConfirmationPdf(
    record,
    now,
    app.env.REFUND_NOTICE_HOURS,
    bookingQr(app.env, record.booking.reference),
  );
}
