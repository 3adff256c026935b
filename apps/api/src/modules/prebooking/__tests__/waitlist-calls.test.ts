import { calls, type Hold, type WaitlistEntry } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  memberWithMembership,
  messagesTo,
  okResult as ok,
} from '../../../../test/call-helpers';
import { every, NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { insertBooking } from '../../../../test/fixtures';
import { productSlots, slotHolds } from '../../../db/schema';
import type { CatalogueProduct } from '../../../platform/catalogue/catalogue-product';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';

const START = '2026-11-25T10:00:00Z';
const SMALL = 'NQY-LNG-7'; // 2 places a slot, 1 guest at most
const DATE = '2026-12-29';
const small: CatalogueProduct = {
  ...NQY_PRODUCTS[0]!,
  id: SMALL,
  name: 'Snug Lounge',
  capacityPerSlot: 2,
  maxGuests: 1,
  weeklyHours: every([{ open: '08:00', close: '12:00' }]),
};
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: START });
  await upsertProducts(t.app.db, [...NQY_PRODUCTS, small], 'import');
});
afterAll(() => t.close());

let serial = 0;
type Member = Awaited<ReturnType<typeof member>>;
function member() {
  serial += 1;
  return memberWithMembership(t, 'Waiter', serial, { passesPerYear: 4 });
}

/** Holds both places of a slot for `m` (the slot is then full for everyone else). */
const fill = async (m: Member, time: string, date = DATE) =>
  ok<Hold>(
    await t.call(
      calls.startPreBooking,
      {
        code: SMALL,
        date,
        time,
        flightNumber: 'BA1234',
        guests: ['Bo Lee'],
        dpid: m.own.dpid,
      },
      m.headers,
    ),
  );
const join = (m: Member, time: string, places: number, date = DATE) =>
  t.call(calls.joinWaitlist, { code: SMALL, date, time, places }, m.headers);
const list = async (m: Member) =>
  ok<{ entries: WaitlistEntry[] }>(await t.call(calls.listWaitlist, {}, m.headers)).entries;
const takenAt = async (time: string, date = DATE) => {
  const [row] = await t.app.db
    .select({ taken: productSlots.taken })
    .from(productSlots)
    .where(
      and(
        eq(productSlots.productId, SMALL),
        eq(productSlots.startsAt, new Date(`${date}T${time}:00Z`)),
      ),
    );
  return row?.taken ?? 0;
};
/** The emails offering `m` places (the waiting list's round). */
const offersTo = async (m: Member) =>
  (await messagesTo(t, m.user.email, 'email')).filter((e) =>
    e.subject?.startsWith('A place is free'),
  );
/** `m` lets their places at `time` go (pre-booking another time instead). */
const moveOn = (m: Member, hold: Hold, time: string, date = DATE) =>
  t.call(
    calls.startPreBooking,
    {
      code: SMALL,
      date,
      time,
      flightNumber: 'BA1234',
      guests: ['Bo Lee'],
      dpid: m.own.dpid,
      replaceHoldId: hold.holdId,
    },
    m.headers,
  );

describe('lounge/waitlist: the places asked, and the member’s entries', () => {
  it('answers the places asked; asking again with more guests changes them, keeping the place', async () => {
    const a = await member();
    const b = await member();
    await fill(a, '08:00');
    expect(ok(await join(b, '08:00', 1))).toEqual({ position: 1, places: 1 });
    expect(ok(await join(b, '08:00', 2))).toEqual({ position: 1, places: 2 });
    expect((await list(b)).map((e) => e.places)).toEqual([2]);
  });

  it("lists the member's own live entries only, with the lounge, the slot, the places and the position", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await fill(a, '09:00');
    ok(await join(b, '09:00', 2));
    t.clock.advance(1000);
    ok(await join(c, '09:00', 1));
    const entries = await list(c);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toEqual({
      id: entries[0]!.id,
      code: SMALL,
      loungeName: 'Snug Lounge',
      airportName: entries[0]!.airportName,
      date: DATE,
      time: '09:00',
      places: 1,
      position: 2,
      holdId: null,
      heldUntil: null,
    });
    expect(entries[0]!.airportName).not.toBe('');
    expect((await list(b)).map((e) => [e.time, e.position])).toEqual([['09:00', 1]]);
    expect(await list(a)).toEqual([]);
  });

  it("leaves an entry; someone else's id answers notFound", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await fill(a, '10:00');
    ok(await join(b, '10:00', 1));
    const [entry] = await list(b);
    expectFailure(await t.call(calls.leaveWaitlist, { id: entry!.id }, c.headers), 'notFound');
    expectFailure(await t.call(calls.leaveWaitlist, { id: 'not-an-id' }, b.headers), 'notFound');
    expect(await list(b)).toHaveLength(1);
    expect(ok(await t.call(calls.leaveWaitlist, { id: entry!.id }, b.headers))).toEqual({
      left: true,
    });
    expect(await list(b)).toEqual([]);
    expectFailure(await t.call(calls.leaveWaitlist, { id: entry!.id }, b.headers), 'notFound');
  });

  it('shows places held for the member and until when; leaving releases them', async () => {
    const a = await member();
    const b = await member();
    const first = await fill(a, '11:00');
    ok(await join(b, '11:00', 2));
    // a lets the places go (another time instead): the round holds them for b.
    ok(
      await t.call(
        calls.startPreBooking,
        {
          code: SMALL,
          date: DATE,
          time: '11:30',
          flightNumber: 'BA1234',
          guests: ['Bo Lee'],
          dpid: a.own.dpid,
          replaceHoldId: first.holdId,
        },
        a.headers,
      ),
    );
    expect(await t.app.notifyWaitlist()).toBe(1);
    expect(await takenAt('11:00')).toBe(2);
    const [email] = await offersTo(b);
    const holdId = new URL(email!.link!).searchParams.get('hold');
    // The ordinary hold time (SLOT_HOLD_MINUTES, 10 minutes), as a pre-book holds places.
    expect(t.app.env.SLOT_HOLD_MINUTES).toBe(10);
    expect(email!.body).toContain('We are holding 2 places for you for 10 minutes.');
    const until = new Date(t.clock.now().getTime() + 10 * 60_000);
    const [held] = await list(b);
    expect(held).toMatchObject({
      time: '11:00',
      places: 2,
      position: null,
      holdId,
      heldUntil: until.toISOString(),
    });

    ok(await t.call(calls.leaveWaitlist, { id: held!.id }, b.headers));
    expect(await list(b)).toEqual([]);
    expect(await takenAt('11:00')).toBe(0);
    const [hold] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, holdId!));
    expect(hold).toMatchObject({ releaseReason: 'left' });
    expect(hold?.releasedAt).not.toBeNull();
  });
});

describe('lounge/waitlist: who may wait, and for what (issue 61)', () => {
  /** `m` pre-books `time` alone (1 place). */
  const alone = (m: Member, time: string, date: string) =>
    t.call(
      calls.startPreBooking,
      { code: SMALL, date, time, flightNumber: 'BA1234', guests: [], dpid: m.own.dpid },
      m.headers,
    );
  const bookedThere = (m: Member, date: string, status: 'booked' | 'cancelled' = 'booked') =>
    insertBooking(t.app.db, {
      userId: m.user.id,
      productId: SMALL,
      visitAt: new Date(`${date}T10:00:00Z`),
      visitDate: date,
      status,
    });

  it('refuses a time with the places asked still free (waitlistSlotOpen); one short of them is joined', async () => {
    const date = '2026-12-20';
    const a = await member();
    const b = await member();
    ok(await alone(a, '08:00', date));
    // One place of two left: a member alone books it; a member with a guest may wait.
    const refused = await join(b, '08:00', 1, date);
    expectFailure(refused, 'waitlistSlotOpen');
    expect(refused.body.errorMsg).toBe('This time still has places: please book it instead.');
    expectFailure(await join(b, '09:00', 1, date), 'waitlistSlotOpen');
    expect(ok(await join(b, '08:00', 2, date))).toEqual({ position: 1, places: 2 });
    // Asking again for fewer places than are free is refused too: it is booked, not waited for.
    expectFailure(await join(b, '08:00', 1, date), 'waitlistSlotOpen');
    expect((await list(b)).map((e) => [e.time, e.places])).toEqual([['08:00', 2]]);
  });

  it('refuses a member booked at the lounge that day (bookingLimitReached); a cancelled booking or another day does not count', async () => {
    const date = '2026-12-21';
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    await fill(a, '08:00', date);
    await bookedThere(b, date);
    await bookedThere(c, date, 'cancelled');
    await bookedThere(d, '2026-12-22');
    expectFailure(await join(b, '08:00', 1, date), 'bookingLimitReached');
    expect(await list(b)).toEqual([]);
    expect(ok(await join(c, '08:00', 1, date))).toEqual({ position: 1, places: 1 });
    expect(ok(await join(d, '08:00', 1, date))).toEqual({ position: 2, places: 1 });
  });

  it('lets a member wait on 3 times at most (waitlistLimitReached): asking again, leaving one, or an offer lapsed makes room', async () => {
    const date = '2026-12-22';
    const fillers = [await member(), await member(), await member(), await member()];
    const times = ['08:00', '09:00', '10:00', '11:00'];
    const holds = await Promise.all(times.map((time, i) => fill(fillers[i]!, time, date)));
    const w = await member();
    for (const time of times.slice(0, 3)) ok(await join(w, time, 1, date));
    const refused = await join(w, '11:00', 1, date);
    expectFailure(refused, 'waitlistLimitReached');
    expect(refused.body.errorMsg).toBe(
      'You are already on the waiting list for 3 times. Please leave one of them before joining another.',
    );
    // Asking again at a time already waited on is no fourth time.
    expect(ok(await join(w, '09:00', 2, date))).toEqual({ position: 1, places: 2 });
    const [first] = await list(w);
    ok(await t.call(calls.leaveWaitlist, { id: first!.id }, w.headers));
    ok(await join(w, '11:00', 1, date));
    expectFailure(await join(w, '08:00', 1, date), 'waitlistLimitReached');

    // Places offered count while they are held (10 minutes), and not once the offer has lapsed.
    ok(await moveOn(fillers[1]!, holds[1]!, '11:30', date));
    expect(await t.app.notifyWaitlist()).toBe(1);
    expect(await offersTo(w)).toHaveLength(1);
    expectFailure(await join(w, '08:00', 1, date), 'waitlistLimitReached');
    t.clock.advance(10 * 60_000);
    await t.app.sweepHolds();
    expect(await takenAt('09:00', date)).toBe(0);
    // Every hold of the day lapsed with it: 08:00 is full again when another member holds it.
    await fill(await member(), '08:00', date);
    expect(ok(await join(w, '08:00', 1, date))).toEqual({ position: 1, places: 1 });
  });

  it('passes over a member holding places at the lounge that day, and one booked there since: the next one is told', async () => {
    const date = '2026-12-23';
    const [f, w1, w2, w3] = [await member(), await member(), await member(), await member()];
    const full = await fill(f, '08:00', date);
    for (const w of [w1, w2, w3]) ok(await join(w, '08:00', 1, date));
    // w1 books another time meanwhile (their checkout under way); w2 has booked there since.
    const checkout = ok<Hold>(await alone(w1, '10:00', date));
    await bookedThere(w2, date);
    ok(await moveOn(f, full, '11:00', date));

    // (Entries of the tests before may be told in the same round: their holds have lapsed.)
    expect(await t.app.notifyWaitlist()).toBeGreaterThanOrEqual(1);
    expect(await offersTo(w1)).toEqual([]);
    expect(await offersTo(w2)).toEqual([]);
    expect(await offersTo(w3)).toHaveLength(1);
    const [kept] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, checkout.holdId));
    expect(kept?.releasedAt).toBeNull();
    expect(await takenAt('08:00', date)).toBe(1);
  });

  it('tells members joining at the same instant their places in turn, as the list does', async () => {
    const date = '2026-12-24';
    const f = await member();
    await fill(f, '08:00', date);
    const waiting = [await member(), await member(), await member(), await member()];
    const told: number[] = [];
    for (const w of waiting)
      told.push(ok<{ position: number }>(await join(w, '08:00', 1, date)).position);
    expect(told).toEqual([1, 2, 3, 4]);
    for (const [i, w] of waiting.entries())
      expect((await list(w)).map((e) => e.position)).toEqual([i + 1]);
  });
});
