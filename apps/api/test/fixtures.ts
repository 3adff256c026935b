import type { Db } from '../src/db/client';
import { bookings, memberships, users, visits } from '../src/db/schema';
import { newBookingReference } from '../src/modules/bookings/booking-reference';
import { newMembershipNumber } from '../src/modules/membership/membership-number';

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
