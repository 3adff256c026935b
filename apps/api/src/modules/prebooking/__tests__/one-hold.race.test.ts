import { laneHoldRequest } from '../../../../test/booking-fixtures';
import { calls } from '@portal/contract';
import { and, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithMembership } from '../../../../test/call-helpers';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { openWithProvider } from '../../../../test/payment-provider';
import { raceAtLock } from '../../../../test/race';
import { secondInstance, type TestApp } from '../../../../test/test-app';
import { productSlots, slotHolds } from '../../../db/schema';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';
import { madeSlotRow } from '../../../platform/slots';

/*
 * One member cannot corner a lounge's places (issue 61, item 1): however many pre-books they
 * send at once, to one process or two, for one time or many, they keep one live hold of the
 * product that day (slot_holds_live_member_day_idx, HoldConflict), and every place the others
 * held for a moment is back in its slot. Each racer has read the member's holds (none) and waits
 * at its take of the slot's places, held by the test's lock on the slots' rows.
 */

const START = '2026-11-25T10:00:00Z';
const LOUNGE = NQY_PRODUCTS[0]!; // 05:00–22:00, 30-minute slots, 20 places
const LOUNGE_PLACES = 20;
const LANE = 'NQY-FT-1'; // 60-minute windows, 50 places
/** Each test's own day: what a day's slots have taken is that test's member's alone. */
const DAYS = ['2026-12-02', '2026-12-03', '2026-12-04'] as const;
const RACERS = 12;
/** Twelve times of the lounge's day: 09:00, 09:30 ... 14:30. */
const TIMES = Array.from(
  { length: RACERS },
  (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

let t: TestApp;
let close: () => Promise<void>;
let second: Awaited<ReturnType<typeof secondInstance>>;
beforeAll(async () => {
  ({ t, close } = await openWithProvider({ now: START, poolSize: 2 * RACERS + 4 }));
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
  second = await secondInstance(t);
}, 60_000);
afterAll(async () => {
  await second.close();
  await close();
});

let serial = 0;
const member = () => memberWithMembership(t, 'Cornerer', ++serial, { passesPerYear: 0 });
type Member = Awaited<ReturnType<typeof member>>;

/** The rows of the product's slots at these times that day, made now (so the test can lock them). */
async function slotsAt(productId: string, date: string, times: string[], capacity: number) {
  const ids: string[] = [];
  for (const time of new Set(times)) {
    const row = await madeSlotRow(t.app.db, {
      productId,
      startsAt: new Date(`${date}T${time}:00Z`),
      localDate: date,
      localTime: time,
      capacity,
    });
    ids.push(row.id);
  }
  return ids;
}

const preBook = (m: Member, date: string, time: string, process: 'a' | 'b') =>
  (process === 'a' ? t : second).call(
    calls.startPreBooking,
    {
      code: LOUNGE.id,
      date,
      time,
      flightNumber: 'BA1234',
      guests: ['Bea Lee', 'Cy Lee'],
      dpid: m.own.dpid,
    },
    m.headers,
  );

/** The member's live holds of the product that day, and the places every slot of it has taken. */
async function outcome(m: Member, productId: string, date: string) {
  const live = await t.app.db
    .select({ id: slotHolds.id, places: slotHolds.places })
    .from(slotHolds)
    .where(
      and(
        eq(slotHolds.userId, m.user.id),
        eq(slotHolds.productId, productId),
        isNull(slotHolds.releasedAt),
      ),
    );
  const [taken] = await t.app.db
    .select({ places: sum(productSlots.taken).mapWith(Number) })
    .from(productSlots)
    .where(and(eq(productSlots.productId, productId), eq(productSlots.localDate, date)));
  return { live, taken: taken?.places ?? 0 };
}

const lockSlots = (ids: string[]) =>
  sql`select id from ${productSlots} where ${inArray(productSlots.id, ids)} for update`;

describe('guard: a member holds places at a product on one day once at most (slot_holds_live_member_day_idx)', () => {
  it(`${RACERS} pre-books at once for ${RACERS} times of one day, over two processes: one live hold, its places alone taken`, async () => {
    const m = await member();
    const ids = await slotsAt(LOUNGE.id, DAYS[0], TIMES, LOUNGE_PLACES);
    const { results, waited } = await raceAtLock(t, {
      lock: lockSlots(ids),
      calls: TIMES.map((time, i) => () => preBook(m, DAYS[0], time, i % 2 ? 'b' : 'a')),
    });
    expect(waited).toBe(RACERS);
    // Each was answered a hold or refused; one hold is left, and only its three places taken.
    expect(results.some((r) => r.body.state === '1')).toBe(true);
    for (const r of results) expect(r.response.statusCode).toBe(200);
    const { live, taken } = await outcome(m, LOUNGE.id, DAYS[0]);
    expect(live).toHaveLength(1);
    expect(taken).toBe(3);
  });

  it(`${RACERS} pre-books at once for one time, over two processes: one live hold of the slot's 20 places`, async () => {
    const m = await member();
    const ids = await slotsAt(LOUNGE.id, DAYS[1], ['16:00'], LOUNGE_PLACES);
    const { waited, results } = await raceAtLock(t, {
      lock: lockSlots(ids),
      calls: TIMES.map((_, i) => () => preBook(m, DAYS[1], '16:00', i % 2 ? 'b' : 'a')),
    });
    expect(waited).toBe(RACERS);
    const { live, taken } = await outcome(m, LOUNGE.id, DAYS[1]);
    for (const r of results) expect(r.response.statusCode).toBe(200);
    expect(live).toHaveLength(1);
    expect(taken).toBe(3);
  });

  it('a fast-track lane: 7 holds of 9 passengers sent at once leave one', async () => {
    const m = await member();
    const ids = await slotsAt(LANE, DAYS[2], ['08:00'], 50);
    const { waited } = await raceAtLock(t, {
      lock: lockSlots(ids),
      calls: Array.from(
        { length: 7 },
        (_, i) => () =>
          (i % 2 ? second : t).call(
            calls.fastTrackConfirmPassengers,
            laneHoldRequest(m.user.email, { code: LANE, date: DAYS[2], passengers: 9 }),
            m.headers,
          ),
      ),
    });
    expect(waited).toBe(7);
    const { live, taken } = await outcome(m, LANE, DAYS[2]);
    expect(live).toHaveLength(1);
    expect(taken).toBe(9);
  });
});
