import { ENTRY_WINDOWS, joinPlace } from '@portal/contract';
import type { DateArray } from 'ics';
import { localDateTime } from '../../platform/local-time';
import type { BookingRecord } from './booking-view';

/** How long a visit is put in the calendar: a lounge's stay, a fast-track lane's hour. */
const DEFAULT_HOURS = { lounge: 3, 'fast-track': 1 } as const;

const utcParts = (instant: Date): DateArray => [
  instant.getUTCFullYear(),
  instant.getUTCMonth() + 1,
  instant.getUTCDate(),
  instant.getUTCHours(),
  instant.getUTCMinutes(),
];

/**
 * A booking as an iCalendar event (.ics): its time in UTC, so every calendar shows it at the
 * right moment wherever the member is, and the lounge's own local time, address and Booking ID
 * in the text. Throws only on a booking the `ics` package cannot express (a programming error).
 * The package (with its validator, 100 KB) is loaded with the first calendar, not at the start.
 * Its UID is the booking's and its SEQUENCE grows with the time it is made (`now`), so the file
 * sent after a change or a cancellation replaces the event a calendar has, rather than adding one.
 */
export async function bookingCalendar(record: BookingRecord, now: Date): Promise<string> {
  // CommonJS, read from its default export as pdfkit and nodemailer are: in the server bundle
  // (esbuild) that is all such a package's dynamic import gives.
  const { createEvent } = (await import('ics')).default;
  const { booking, product, airport } = record;
  const stayHours = product.conditions?.maxStayHours;
  const local = localDateTime(booking.visitAt, airport.timeZone);
  const what = booking.kind === 'lounge' ? 'Lounge visit' : 'Fast track';
  const { error, value } = createEvent({
    productId: 'lounge-portal/bookings',
    uid: `${booking.reference}@lounge-portal`,
    sequence: Math.max(0, Math.floor((now.getTime() - booking.createdAt.getTime()) / 1000)),
    title: `${what}: ${product.name}`,
    start: utcParts(booking.visitAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { hours: stayHours ?? DEFAULT_HOURS[booking.kind] },
    location: joinPlace([product.name, product.terminal, `${airport.name} (${airport.iataCode})`]),
    description: [
      `Booking ID: ${booking.reference}`,
      `${local.date} at ${local.time} local time (${airport.timeZone})`,
      `Flight: ${booking.flightNumber}`,
      `Passengers: ${booking.passengerNames.join(', ')}`,
      `Entry: ${ENTRY_WINDOWS[booking.kind].text}, with the booking's QR code.`,
    ].join('\n'),
    status: booking.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
  });
  if (error || !value) throw error ?? new Error('the calendar event was not made');
  return value;
}
