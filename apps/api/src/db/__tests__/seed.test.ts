import { and, asc, count, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encrypterFor, tokenOf } from '../../../test/call-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { airports, bookings, countries, memberships, users, visits } from '../schema';
import { seed } from '../seed/index';
import {
  DEMO_BOOKING_IDS,
  DEMO_PASSES_PER_YEAR,
  passesUsedIn,
  seedDemoBookings,
} from '../seed/demo-bookings';
import { DEMO_MEMBER } from '../seed/demo-member';
import { demoMembershipRows } from '../seed/demo-memberships';
import { cityFromName } from '../seed/reference-data';
import { luhnCheckDigit, calls } from '@portal/contract';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const counts = async () => ({
  airports: (await t.app.db.select({ n: count() }).from(airports))[0]?.n,
  countries: (await t.app.db.select({ n: count() }).from(countries))[0]?.n,
  memberships: (await t.app.db.select({ n: count() }).from(memberships))[0]?.n,
  bookings: (await t.app.db.select({ n: count() }).from(bookings))[0]?.n,
  visits: (await t.app.db.select({ n: count() }).from(visits))[0]?.n,
});

async function demoMemberId(): Promise<string> {
  const [member] = await t.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_MEMBER.email));
  if (!member) throw new Error('the demo member was not seeded');
  return member.id;
}

describe('seed', () => {
  it('is idempotent', async () => {
    const before = await counts();
    expect(before.airports).toBeGreaterThanOrEqual(4000);
    await seed(t.app.db, { demo: true });
    expect(await counts()).toEqual(before);
  });

  it('gives the demo member their bookings and usage history once', async () => {
    const userId = await demoMemberId();
    const mine = await t.app.db
      .select()
      .from(bookings)
      .where(eq(bookings.userId, userId))
      .orderBy(asc(bookings.reference));
    expect(mine.map((b) => b.reference)).toEqual([...DEMO_BOOKING_IDS].sort());
    const byId = new Map(mine.map((b) => [b.reference, b]));
    expect(byId.get('LBDEMO0001')).toMatchObject({
      kind: 'lounge',
      status: 'booked',
      passengers: 2,
      passengerNames: ['Alex Morgan', 'Sam Morgan'],
      cardLabel: 'Visa •••• 4242',
      amount: 6000,
      currency: 'GBP',
      contactPrefix: '44',
      contactNumber: '7400900123',
      email: 'demo@lounge.example',
    });
    expect(byId.get('LBDEMO0002')).toMatchObject({ amount: 0, cardLabel: null, passesUsed: 1 });
    expect(byId.get('FTDEMO0001')).toMatchObject({ kind: 'fast-track', passengers: 2 });
    expect(byId.get('LBDEMO0005')).toMatchObject({ status: 'cancelled', refundState: 'refunded' });
    for (const b of mine) expect(b.visitAt.getUTCMinutes()).toBe(0);

    const history = await t.app.db.select().from(visits).where(eq(visits.userId, userId));
    expect(history).toHaveLength(5);
    for (const v of history) expect(v.dpid).toBe(DEMO_MEMBER.dpid);
    expect(history.some((v) => v.guests > 0)).toBe(true);

    // Again, with another clock: nothing is added.
    const before = await counts();
    await t.app.db.transaction((tx) => seedDemoBookings(tx, new Date('2030-01-01T00:00:00Z')));
    expect(await counts()).toEqual(before);
  });

  it('puts the demo bookings in every tab of the bookings page', async () => {
    // The template was seeded a moment ago with the real time.
    t.clock.set(new Date());
    const encrypt = await encrypterFor(t);
    const token = tokenOf(
      await t.call(calls.genToken, {
        email: DEMO_MEMBER.email,
        password: encrypt(DEMO_MEMBER.password),
      }),
    );
    const { body } = await t.call(
      calls.bookingList,
      { tab: 'booked' },
      { authorization: `Bearer ${token}` },
    );
    expect(body.result).toMatchObject({ counts: { booked: 3, past: 3, cancelled: 1 } });
    const items = (body.result as { items: { bookingId: string }[] }).items;
    // The next visit first.
    expect(items.map((b) => b.bookingId)).toEqual(['LBDEMO0001', 'FTDEMO0001', 'LBDEMO0002']);
  });

  it("sets the demo membership's passes to what its bookings and visits took this year", async () => {
    const userId = await demoMemberId();
    const [membership] = await t.app.db
      .select()
      .from(memberships)
      .where(eq(memberships.dpid, DEMO_MEMBER.dpid));
    expect(membership).toMatchObject({ userId, passesPerYear: DEMO_PASSES_PER_YEAR });

    // Recount from the rows: a booking's passes when it was made, a visit's at the door unless
    // a booking took them. The template was seeded with the real time.
    const mine = await t.app.db.select().from(bookings).where(eq(bookings.userId, userId));
    const history = await t.app.db.select().from(visits).where(eq(visits.userId, userId));
    const uses = [
      ...mine
        .filter((b) => b.dpid === DEMO_MEMBER.dpid)
        .map((b) => ({ at: b.createdAt, passes: b.passesUsed - b.passesReturned })),
      ...history
        .filter((v) => v.bookingId === null)
        .map((v) => ({ at: v.visitedAt, passes: v.passesUsed })),
    ];
    expect(uses.reduce((n, u) => n + u.passes, 0)).toBe(10);
    expect(membership?.passesUsed).toBe(passesUsedIn(uses, new Date()));
    expect(membership!.passesUsed).toBeLessThan(DEMO_PASSES_PER_YEAR);
  });

  it('places the demo data around the clock it is given, counting passes in its year', async () => {
    const userId = await demoMemberId();
    const mineOrDemo = or(eq(bookings.userId, userId), eq(bookings.reference, 'LBDEMO0001'));
    // 10 January: of the seeded history only LBDEMO0002 (booked the day before) is this year's.
    const now = new Date('2027-01-10T09:00:00Z');
    const rollback = new Error('rollback');
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.delete(visits).where(eq(visits.userId, userId));
        await tx.delete(bookings).where(mineOrDemo);
        await seed(tx, { demo: true, now });

        const [first] = await tx
          .select()
          .from(bookings)
          .where(and(eq(bookings.userId, userId), eq(bookings.reference, 'LBDEMO0001')));
        expect(first?.visitAt).toEqual(new Date('2027-01-20T09:00:00Z'));
        const [membership] = await tx
          .select()
          .from(memberships)
          .where(eq(memberships.dpid, DEMO_MEMBER.dpid));
        expect(membership).toMatchObject({ passesPerYear: DEMO_PASSES_PER_YEAR, passesUsed: 1 });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  it('counts pass uses in the calendar year of now', () => {
    const uses = [
      { at: new Date('2026-12-31T23:59:59Z'), passes: 2 },
      { at: new Date('2027-01-01T00:00:00Z'), passes: 1 },
      { at: new Date('2027-06-30T12:00:00Z'), passes: 3 },
    ];
    expect(passesUsedIn(uses, new Date('2027-07-01T00:00:00Z'))).toBe(4);
    expect(passesUsedIn(uses, new Date('2026-07-01T00:00:00Z'))).toBe(2);
    expect(passesUsedIn([], new Date())).toBe(0);
  });

  it('gives demo memberships fixed, valid numbers for every issuer and status', () => {
    const rows = demoMembershipRows();
    expect(rows).toHaveLength(24);
    expect(rows[0]?.dpid).toBe('9000000000000000'.slice(0, 15) + luhnCheckDigit('900000000000000'));
    for (const r of rows) expect(r.dpid).toMatch(/^\d{16}$/);
    expect(new Set(rows.map((r) => r.dpid)).size).toBe(24);
  });

  it('fills a missing city from the airport name', () => {
    expect(cityFromName('Foo International Airport')).toBe('Foo');
    expect(cityFromName('Airport')).toBe('Airport');
  });

  it('computes Luhn check digits', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
  });
});
