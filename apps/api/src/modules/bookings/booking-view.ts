import { formatMobile, type Booking, type BookingTab } from '@portal/contract';
import type { airports, bookings, products } from '../../db/schema';
import { localDateTime } from '../../platform/local-time';
import { cancellationTerms } from './refund-rule';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingProduct = Pick<typeof products.$inferSelect, 'id' | 'name' | 'terminal'> &
  Partial<Pick<typeof products.$inferSelect, 'conditions'>>;
export type BookingAirport = Pick<typeof airports.$inferSelect, 'iataCode' | 'name' | 'timeZone'>;

/** A booking with the product and airport it is for. */
export interface BookingRecord {
  booking: BookingRow;
  product: BookingProduct;
  airport: BookingAirport;
}

/** The tab a booking belongs in at `now`: cancelled, booked (visit ahead) or past. */
export function tabOf(booking: Pick<BookingRow, 'status' | 'visitAt'>, now: Date): BookingTab {
  if (booking.status === 'cancelled') return 'cancelled';
  if (booking.status === 'completed') return 'past';
  return booking.visitAt.getTime() > now.getTime() ? 'booked' : 'past';
}

/** "+44 7400 900123" (as its country groups it), or null when the booking has none. */
export function contactNumberOf(booking: Pick<BookingRow, 'contactPrefix' | 'contactNumber'>) {
  if (!booking.contactNumber) return null;
  return booking.contactPrefix
    ? formatMobile(booking.contactPrefix, booking.contactNumber)
    : booking.contactNumber;
}

/** A booking as the contract shows it, its visit in the airport's own time. */
export function bookingView(record: BookingRecord, now: Date, noticeHours: number): Booking {
  const { booking, product, airport } = record;
  const visit = localDateTime(booking.visitAt, airport.timeZone);
  const terms = cancellationTerms(booking, now, noticeHours);
  return {
    bookingId: booking.reference,
    kind: booking.kind,
    tab: tabOf(booking, now),
    productId: product.id,
    productName: product.name,
    airportCode: airport.iataCode,
    airportName: airport.name,
    terminal: product.terminal,
    visitDate: visit.date,
    visitTime: visit.time,
    timeZone: airport.timeZone,
    passengers: booking.passengers,
    passengerNames: booking.passengerNames,
    paymentCard: booking.cardLabel,
    contactNumber: contactNumberOf(booking),
    email: booking.email,
    flightNumber: booking.flightNumber,
    paid: { amount: booking.amount, currency: booking.currency },
    passesUsed: booking.passesUsed,
    bookedAt: booking.createdAt.toISOString(),
    cancelledAt: booking.cancelledAt?.toISOString() ?? null,
    refund: {
      state: booking.refundState,
      amount: { amount: booking.refundAmount, currency: booking.currency },
      dueBy: booking.refundDueAt?.toISOString().slice(0, 10) ?? null,
      passesReturned: booking.passesReturned,
    },
    cancellation: { ...terms, noticeHours },
  };
}
