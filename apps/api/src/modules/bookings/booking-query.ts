import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { airports, bookings, products, type BookingKind } from '../../db/schema';
import type { BookingRecord } from './booking-view';

/** Bookings with their product and airport; callers add the owner's condition. */
export function selectBookingRecords(db: Tx) {
  return db
    .select({
      booking: bookings,
      product: {
        id: products.id,
        name: products.name,
        terminal: products.terminal,
        conditions: products.conditions,
      },
      airport: { iataCode: airports.iataCode, name: airports.name, timeZone: airports.timeZone },
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(airports, eq(airports.iataCode, products.airportCode));
}

/**
 * Only the member's own bookings: anyone else's (and anonymised ones, which are nobody's) do
 * not exist for them.
 */
export function ownedBy(userId: string): SQL {
  return and(eq(bookings.userId, userId), isNull(bookings.anonymisedAt))!;
}

/** One of the member's bookings by Booking ID (of one kind, when given), or undefined. */
export async function findOwnBooking(
  db: Tx,
  userId: string,
  reference: string,
  kind?: BookingKind,
): Promise<BookingRecord | undefined> {
  const [record] = await selectBookingRecords(db).where(
    and(
      ownedBy(userId),
      eq(bookings.reference, reference),
      kind ? eq(bookings.kind, kind) : undefined,
    ),
  );
  return record;
}

/** A booking by its row id, whoever's (the outbox makes a booking's files for its email). */
export async function findBookingById(db: Tx, id: string): Promise<BookingRecord | undefined> {
  const [record] = await selectBookingRecords(db).where(eq(bookings.id, id));
  return record;
}
