import { calls, type Hold, type WaitlistEntry } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, memberWithMembership, okResult as ok } from '../../../../test/call-helpers';
import { every, NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { raceAtLock } from '../../../../test/race';
import { createTestApp, secondInstance, type TestApp } from '../../../../test/test-app';
import { productSlots } from '../../../db/schema';
import type { CatalogueProduct } from '../../../platform/catalogue/catalogue-product';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';

/*
 * The waiting list's guards on PostgreSQL, with two instances of the portal on one database
 * (issue 61): a member's joins are one at a time (their row locked), so of joins sent at once
 * to ten slots only full ones are taken, three at most; a slot's joiners are one at a time (its
 * row locked), so its places are judged as they are and each joiner is told the place they keep.
 */

const START = '2026-11-25T10:00:00Z';
const CODE = 'NQY-LNG-5';
const DATE = '2026-12-10';
/** Ten slots a day of 3 places each (Newquay is on UTC in December). */
const TIMES = Array.from(
  { length: 10 },
  (_, i) => `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`,
);
const lounge: CatalogueProduct = {
  ...NQY_PRODUCTS[0]!,
  id: CODE,
  name: 'Race Lounge',
  capacityPerSlot: 3,
  weeklyHours: every([{ open: '08:00', close: '13:00' }]),
};

let t: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;

beforeAll(async () => {
  t = await createTestApp({ now: START, poolSize: 24 });
  await upsertProducts(t.app.db, [...NQY_PRODUCTS, lounge], 'import');
  other = await secondInstance(t);
}, 60_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

let serial = 0;
type Member = Awaited<ReturnType<typeof member>>;
function member() {
  serial += 1;
  return memberWithMembership(t, 'Racer', serial, { passesPerYear: 4 });
}

/** The slot's row, its places taken as given (a full slot: all 3). */
async function slotWith(time: string, taken: number, date = DATE) {
  const [row] = await t.app.db
    .insert(productSlots)
    .values({
      productId: CODE,
      startsAt: new Date(`${date}T${time}:00Z`),
      localDate: date,
      localTime: time,
      capacity: 3,
      taken,
    })
    .onConflictDoUpdate({
      target: [productSlots.productId, productSlots.startsAt],
      set: { taken },
    })
    .returning();
  return row!;
}

const takenAt = async (time: string) => {
  const [row] = await t.app.db
    .select({ taken: productSlots.taken })
    .from(productSlots)
    .where(
      and(
        eq(productSlots.productId, CODE),
        eq(productSlots.startsAt, new Date(`${DATE}T${time}:00Z`)),
      ),
    );
  return row?.taken ?? 0;
};

/** A join sent to one instance or the other, as a load balancer shares them out. */
const join =
  (m: Member, time: string, i: number, date = DATE) =>
  () =>
    (i % 2 === 0 ? t : other).call(
      calls.joinWaitlist,
      { code: CODE, date, time, places: 1 },
      m.headers,
    );
const list = async (m: Member) =>
  ok<{ entries: WaitlistEntry[] }>(await t.call(calls.listWaitlist, {}, m.headers)).entries;

describe('guard: a member waits on full slots only, 3 at most (waitlist.ts, issue 61)', () => {
  it('one member joins 10 slots at once on two instances, 5 full and 5 open: 3 waits, no places taken', async () => {
    const full = TIMES.filter((_, i) => i % 2 === 0);
    const open = TIMES.filter((_, i) => i % 2 === 1);
    for (const time of full) await slotWith(time, 3);
    for (const time of open) await slotWith(time, 0);
    const m = await member();

    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from users where id = ${m.user.id} for update`,
      calls: TIMES.map((time, i) => join(m, time, i)),
    });
    // The joins of full slots at least were all held at the lock (open ones may be refused first).
    expect(waited).toBeGreaterThanOrEqual(full.length);
    const outcome = (time: string) => results[TIMES.indexOf(time)]!;
    for (const time of open) expectFailure(outcome(time), 'waitlistSlotOpen');
    const joined = full.filter((time) => outcome(time).body.state === '1');
    expect(joined).toHaveLength(3);
    for (const time of full.filter((f) => !joined.includes(f)))
      expectFailure(outcome(time), 'waitlistLimitReached');
    expect((await list(m)).map((e) => e.time).sort()).toEqual(joined.sort());

    // The round holds nothing of the open slots for them: another member books one at once.
    expect(await t.app.notifyWaitlist()).toBe(0);
    for (const time of open) expect(await takenAt(time)).toBe(0);
    const n = await member();
    ok<Hold>(
      await other.call(
        calls.startPreBooking,
        {
          code: CODE,
          date: DATE,
          time: open[0]!,
          flightNumber: 'BA1234',
          guests: [],
          dpid: n.own.dpid,
        },
        n.headers,
      ),
    );
  });

  it('a full slot freed while its joiners wait: each judges it as it is then, and none joins', async () => {
    const [time, date] = [TIMES[1]!, '2026-12-11'];
    const slot = await slotWith(time, 3, date);
    const joiners = await Promise.all(Array.from({ length: 6 }, () => member()));
    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from product_slots where id = ${slot.id} for update`,
      calls: joiners.map((m, i) => join(m, time, i, date)),
      // A cancellation gives the places back, and commits before any joiner goes on.
      whileHeld: async (tx) => {
        await tx.update(productSlots).set({ taken: 0 }).where(eq(productSlots.id, slot.id));
      },
    });
    expect(waited).toBe(joiners.length);
    for (const result of results) expectFailure(result, 'waitlistSlotOpen');
    for (const m of joiners) expect(await list(m)).toEqual([]);
  });
});

describe('guard: a slot’s joiners are placed one at a time (waitlist.ts, issue 61)', () => {
  it('8 members join behind one at the same instant on two instances: told 2 to 9, and keep it', async () => {
    const [time, date] = [TIMES[2]!, '2026-12-12'];
    const slot = await slotWith(time, 3, date);
    const first = await member();
    expect(ok(await join(first, time, 0, date)())).toEqual({ position: 1, places: 1 });
    const joiners = await Promise.all(Array.from({ length: 8 }, () => member()));

    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from product_slots where id = ${slot.id} for update`,
      calls: joiners.map((m, i) => join(m, time, i, date)),
    });
    expect(waited).toBe(joiners.length);
    const told = results.map((r) => ok<{ position: number }>(r).position);
    expect([...told].sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    // Each member's list, and asking again, tell the place they were told.
    for (const [i, m] of joiners.entries()) {
      expect((await list(m)).map((e) => e.position)).toEqual([told[i]]);
      const again = await join(m, time, i + 1, date)();
      expect(ok<{ position: number }>(again).position).toBe(told[i]);
    }
    expect((await list(first)).map((e) => e.position)).toEqual([1]);
  });
});
