import { ENTRY_WINDOWS } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { airports, bookings, products, visits } from '../../db/schema';
import { localDateTime } from '../../platform/local-time';
import { scannedBooking } from '../bookings/index';

export type CheckInRefusal =
  'malformed' | 'unknown' | 'cancelled' | 'already-used' | 'too-early' | 'too-late';

export type CheckIn =
  | {
      valid: true;
      bookingId: string;
      loungeName: string;
      airportCode: string;
      /** The booked visit at the airport, local date and time. */
      visitDate: string;
      visitTime: string;
      passengers: number;
      passengerNames: string[];
      infants: number;
    }
  | { valid: false; reason: CheckInRefusal };

const refused = (reason: CheckInRefusal): CheckIn => ({ valid: false, reason });

/**
 * A desk scans a booking's QR: a code the server signed, for a booking still booked, within
 * its kind's entry window (ENTRY_WINDOWS: a lounge from 1 hour before to 3 hours after its
 * time, a fast-track lane 2 hours either side). The booking becomes completed and the visit goes into
 * the member's usage history, in one transaction, once: a second scan is refused.
 */
export async function checkInBooking(app: FastifyInstance, code: unknown): Promise<CheckIn> {
  const reference = scannedBooking(app.env, code);
  if (!reference) return refused('malformed');
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ booking: bookings, loungeName: products.name, airport: airports })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .innerJoin(airports, eq(airports.iataCode, products.airportCode))
      .where(eq(bookings.reference, reference));
    if (!found) return refused('unknown');
    const { booking } = found;
    if (booking.status === 'cancelled') return refused('cancelled');
    if (booking.status === 'completed') return refused('already-used');
    const at = booking.visitAt.getTime();
    const entry = ENTRY_WINDOWS[booking.kind];
    if (now.getTime() < at - entry.beforeMs) return refused('too-early');
    if (now.getTime() > at + entry.afterMs) return refused('too-late');

    const [completed] = await tx
      .update(bookings)
      .set({ status: 'completed', checkedInAt: now })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'booked')))
      .returning();
    // Another desk scanned it a moment before.
    if (!completed) return refused('already-used');
    await tx.insert(visits).values({
      userId: completed.userId,
      dpid: completed.dpid,
      productId: completed.productId,
      bookingId: completed.id,
      visitedAt: now,
      guests: Math.max(0, completed.passengers - 1),
      passesUsed: completed.passesUsed,
    });
    const local = localDateTime(completed.visitAt, found.airport.timeZone);
    return {
      valid: true,
      bookingId: completed.reference,
      loungeName: found.loungeName,
      airportCode: found.airport.iataCode,
      visitDate: local.date,
      visitTime: local.time,
      passengers: completed.passengers,
      passengerNames: completed.passengerNames,
      infants: completed.infants,
    };
  });
}
