import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { bookings, memberships, users, visits } from '../src/db/schema';
import { newBookingReference } from '../src/modules/bookings/booking-reference';
export { pdfText } from './pdf-text';
import { newMembershipNumber } from '../src/members/membership-number';

export type NewUser = Partial<typeof users.$inferInsert> & { email: string };

/** A registered member with plausible details; tests override what they care about. */
export async function insertUser(db: Db, values: NewUser) {
  const [user] = await db
    .insert(users)
    .values({
      mobilePrefix: '44',
      mobileNumber: '7400123456',
      mobileAreaCode: 'GB',
      firstName: 'Ann',
      lastName: 'Lee',
      passwordHash: 'x',
      issuer: 'natwest',
      ...values,
    })
    .returning();
  if (!user) throw new Error('the user was not inserted');
  return user;
}

export type NewMembership = Partial<typeof memberships.$inferInsert>;

/** An issued membership number (a fresh one unless given), not registered unless told. */
export async function insertMembership(db: Db, values: NewMembership = {}) {
  const [membership] = await db
    .insert(memberships)
    .values({
      dpid: newMembershipNumber(),
      issuer: 'natwest',
      cardType: 'black',
      holderName: 'Ann Lee',
      expiresOn: '2029-11-30',
      ...values,
    })
    .returning();
  if (!membership) throw new Error('the membership was not inserted');
  return membership;
}

export type NewBooking = Partial<typeof bookings.$inferInsert> & { visitAt: Date };

/**
 * A lounge (or, when told, fast-track) booking at a demo product of Heathrow, paid by card,
 * for nobody unless `userId` is given.
 */
export async function insertBooking(db: Db, values: NewBooking) {
  const kind = values.kind ?? 'lounge';
  const [booking] = await db
    .insert(bookings)
    .values({
      reference: newBookingReference(kind),
      kind,
      productId: kind === 'lounge' ? 'LHR-LNG-1' : 'LHR-FT-1',
      flightNumber: 'BA1234',
      passengers: 1,
      passengerNames: ['Ann Lee'],
      contactPrefix: '44',
      contactNumber: '7400123456',
      email: 'ann@example.com',
      cardLabel: 'Visa •••• 4242',
      amount: 3800,
      currency: 'GBP',
      ...values,
    })
    .returning();
  if (!booking) throw new Error('the booking was not inserted');
  return booking;
}

/** A member's booking paid with £60.00 and 2 passes of a membership (6 a year) that has used 3. */
export async function insertPaidBooking(db: Db, userId: string, visitAt: Date) {
  const membership = await insertMembership(db, { userId, passesPerYear: 6, passesUsed: 3 });
  const booking = await insertBooking(db, {
    userId,
    dpid: membership.dpid,
    visitAt,
    amount: 6000,
    passesUsed: 2,
  });
  return { booking, dpid: membership.dpid };
}

/** A booking's row as it is now, and the passes its membership has used. */
export async function bookingAndPasses(db: Db, bookingId: string, dpid: string) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [membership] = await db.select().from(memberships).where(eq(memberships.dpid, dpid));
  return { booking, passesUsed: membership?.passesUsed };
}

export type NewVisit = Partial<typeof visits.$inferInsert> & { visitedAt: Date };

/** A lounge visit (usage history) at a Heathrow demo lounge. */
export async function insertVisit(db: Db, values: NewVisit) {
  const [visit] = await db
    .insert(visits)
    .values({ productId: 'LHR-LNG-1', guests: 0, passesUsed: 1, ...values })
    .returning();
  if (!visit) throw new Error('the visit was not inserted');
  return visit;
}
