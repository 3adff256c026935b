import { REFUND_WORKING_DAYS } from '@portal/contract';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { addWorkingDays } from '../../platform/working-days';
import type { Tx } from '../client';
import {
  airports,
  bookings,
  memberships,
  products,
  users,
  visits,
  type BookingKind,
} from '../schema';
import { DEMO_MEMBER } from './demo-member';

/**
 * The demo member's bookings, with fixed Booking IDs the e2e journeys look for:
 *
 * - LBDEMO0001 booked: lounge ~10 days ahead, 2 passengers (Alex and Sam Morgan), paid £60.00
 *   by "Visa •••• 4242" (cancelling it refunds the card).
 * - LBDEMO0002 booked: lounge ~30 days ahead, 1 passenger, paid with 1 pass, no card.
 * - FTDEMO0001 booked: fast track ~20 days ahead, 2 passengers, paid by card.
 * - LBDEMO0003 past: lounge ~3 weeks ago, 1 passenger, paid by card.
 * - LBDEMO0004 past: lounge ~7 weeks ago, 2 passengers, paid with 2 passes.
 * - FTDEMO0002 past: fast track ~5 weeks ago, 1 passenger, paid by card.
 * - LBDEMO0005 cancelled: lounge, cancelled 10 days ago well ahead of its visit, refunded.
 *
 * The demo membership (DEMO_MEMBER.dpid) gets DEMO_PASSES_PER_YEAR passes a year, and its
 * passesUsed is what these bookings and the usage history took this year (see passesUsedIn).
 */
export const DEMO_BOOKING_IDS = [
  'LBDEMO0001',
  'LBDEMO0002',
  'FTDEMO0001',
  'LBDEMO0003',
  'LBDEMO0004',
  'FTDEMO0002',
  'LBDEMO0005',
] as const;

/**
 * The demo membership's yearly passes: enough for the whole seeded history (10 passes when all
 * of it falls in one calendar year) with some left to book with.
 */
export const DEMO_PASSES_PER_YEAR = 12;

const CARD = 'Visa •••• 4242';
const NAMES = ['Alex Morgan', 'Sam Morgan'];

/** A round hour (UTC) `days` from now's date. */
function dayAt(now: Date, days: number, hour: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hour));
}

/** Active demo products of a kind, Heathrow first, then other UK airports: a stable order. */
function demoProducts(tx: Tx, kind: BookingKind, limit: number) {
  return tx
    .select({
      id: products.id,
      priceAmount: products.priceAmount,
      priceCurrency: products.priceCurrency,
      timeZone: airports.timeZone,
    })
    .from(products)
    .innerJoin(airports, eq(airports.iataCode, products.airportCode))
    .where(and(eq(products.source, 'demo'), eq(products.kind, kind), eq(products.active, true)))
    .orderBy(
      desc(sql`${products.airportCode} = 'LHR'`),
      desc(sql`${airports.country} = 'GB'`),
      asc(products.airportCode),
      asc(products.id),
    )
    .limit(limit);
}

/** Passes taken from a membership: by a booking when it was made, or at the lounge door. */
export interface PassUse {
  at: Date;
  passes: number;
}

/**
 * The passes used in the calendar year (UTC) of `now`: a membership's passes are per year, and
 * the demo membership's year starts on 1 January (it is registered on 1 January 2026).
 */
export function passesUsedIn(uses: readonly PassUse[], now: Date): number {
  const year = now.getUTCFullYear();
  return uses
    .filter((use) => use.at.getUTCFullYear() === year)
    .reduce((sum, use) => sum + use.passes, 0);
}

/**
 * Idempotent: adds the demo member's bookings and usage history only while they have no
 * bookings (and the fixed Booking IDs are free, e.g. not kept anonymised from a deleted demo
 * account), and in the same step sets the demo membership's passes to match them. Times are
 * round hours relative to `now`.
 */
export async function seedDemoBookings(tx: Tx, now: Date): Promise<void> {
  const [member] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${DEMO_MEMBER.email}`, isNull(users.deletedAt)));
  if (!member) return;
  const [existing] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(or(eq(bookings.userId, member.id), inArray(bookings.reference, [...DEMO_BOOKING_IDS])))
    .limit(1);
  if (existing) return;

  const lounges = await demoProducts(tx, 'lounge', 4);
  const lanes = await demoProducts(tx, 'fast-track', 2);
  if (lounges.length === 0 || lanes.length === 0) return;
  const lounge = (i: number) => lounges[i % lounges.length]!;
  const lane = (i: number) => lanes[i % lanes.length]!;
  const price = (p: { priceAmount: number | null }, passengers: number) =>
    (p.priceAmount ?? 3000) * passengers;
  const currency = (p: { priceCurrency: string | null }) => p.priceCurrency ?? 'GBP';

  const common = {
    userId: member.id,
    contactPrefix: DEMO_MEMBER.mobilePrefix,
    contactNumber: DEMO_MEMBER.mobileNumber,
    email: DEMO_MEMBER.email,
  };
  const cancelledAt = dayAt(now, -10, 15);
  const rows: (typeof bookings.$inferInsert)[] = [
    {
      ...common,
      reference: 'LBDEMO0001',
      kind: 'lounge',
      productId: lounge(0).id,
      visitAt: dayAt(now, 10, 9),
      flightNumber: 'BA1234',
      passengers: 2,
      passengerNames: NAMES,
      cardLabel: CARD,
      amount: 6000,
      currency: 'GBP',
      createdAt: dayAt(now, -2, 18),
    },
    {
      ...common,
      reference: 'LBDEMO0002',
      kind: 'lounge',
      productId: lounge(1).id,
      dpid: DEMO_MEMBER.dpid,
      visitAt: dayAt(now, 30, 14),
      flightNumber: 'BA2490',
      passengers: 1,
      passengerNames: NAMES.slice(0, 1),
      amount: 0,
      currency: currency(lounge(1)),
      passesUsed: 1,
      createdAt: dayAt(now, -1, 12),
    },
    {
      ...common,
      reference: 'FTDEMO0001',
      kind: 'fast-track',
      productId: lane(0).id,
      visitAt: dayAt(now, 20, 6),
      flightNumber: 'BA0117',
      passengers: 2,
      passengerNames: NAMES,
      cardLabel: CARD,
      amount: price(lane(0), 2),
      currency: currency(lane(0)),
      createdAt: dayAt(now, -3, 20),
    },
    {
      ...common,
      reference: 'LBDEMO0003',
      kind: 'lounge',
      productId: lounge(2).id,
      visitAt: dayAt(now, -21, 7),
      flightNumber: 'BA0302',
      passengers: 1,
      passengerNames: NAMES.slice(0, 1),
      cardLabel: CARD,
      amount: price(lounge(2), 1),
      currency: currency(lounge(2)),
      createdAt: dayAt(now, -40, 10),
    },
    {
      ...common,
      reference: 'LBDEMO0004',
      kind: 'lounge',
      productId: lounge(3).id,
      dpid: DEMO_MEMBER.dpid,
      visitAt: dayAt(now, -52, 16),
      flightNumber: 'BA0560',
      passengers: 2,
      passengerNames: NAMES,
      amount: 0,
      currency: currency(lounge(3)),
      passesUsed: 2,
      createdAt: dayAt(now, -70, 9),
    },
    {
      ...common,
      reference: 'FTDEMO0002',
      kind: 'fast-track',
      productId: lane(1).id,
      visitAt: dayAt(now, -38, 5),
      flightNumber: 'BA1426',
      passengers: 1,
      passengerNames: NAMES.slice(0, 1),
      cardLabel: CARD,
      amount: price(lane(1), 1),
      currency: currency(lane(1)),
      createdAt: dayAt(now, -45, 19),
    },
    {
      ...common,
      reference: 'LBDEMO0005',
      kind: 'lounge',
      productId: lounge(1).id,
      visitAt: dayAt(now, 15, 11),
      flightNumber: 'BA0850',
      passengers: 1,
      passengerNames: NAMES.slice(0, 1),
      cardLabel: CARD,
      amount: price(lounge(1), 1),
      currency: currency(lounge(1)),
      status: 'cancelled',
      cancelledAt,
      refundState: 'refunded',
      refundAmount: price(lounge(1), 1),
      refundDueAt: addWorkingDays(cancelledAt, REFUND_WORKING_DAYS, lounge(1).timeZone),
      createdAt: dayAt(now, -20, 8),
    },
  ];
  const inserted = await tx
    .insert(bookings)
    .values(rows)
    .returning({ id: bookings.id, reference: bookings.reference });
  const bookingIdOf = (reference: string) => inserted.find((b) => b.reference === reference)?.id;

  // Usage history: lounge visits the demo membership paid for, some with guests.
  const visit = (days: number, hour: number, i: number, guests: number) => ({
    userId: member.id,
    dpid: DEMO_MEMBER.dpid,
    productId: lounge(i).id,
    visitedAt: dayAt(now, days, hour),
    guests,
    passesUsed: 1 + guests,
  });
  const history = [
    { ...visit(-52, 16, 3, 1), bookingId: bookingIdOf('LBDEMO0004') ?? null },
    visit(-75, 8, 0, 0),
    visit(-98, 13, 2, 2),
    visit(-131, 6, 1, 0),
    visit(-163, 17, 0, 1),
  ];
  await tx.insert(visits).values(history);

  // A booking's passes count when it was booked (less any returned); a visit's at the door,
  // unless a booking already took them.
  const uses: PassUse[] = [
    ...rows
      .filter((b) => b.dpid === DEMO_MEMBER.dpid)
      .map((b) => ({ at: b.createdAt!, passes: (b.passesUsed ?? 0) - (b.passesReturned ?? 0) })),
    ...history
      .filter((v) => !('bookingId' in v && v.bookingId))
      .map((v) => ({ at: v.visitedAt, passes: v.passesUsed })),
  ];
  await tx
    .update(memberships)
    .set({ passesPerYear: DEMO_PASSES_PER_YEAR, passesUsed: passesUsedIn(uses, now) })
    .where(and(eq(memberships.dpid, DEMO_MEMBER.dpid), eq(memberships.userId, member.id)));
}
