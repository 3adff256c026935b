import { calls, type Hold, type Slot } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memberWithSession, okResult } from '../../../../test/call-helpers';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { insertMembership } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { productSlots } from '../../../db/schema';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';
import { cacheClock } from '../../../platform/read-cache';
import { DAY_PLACES_KEPT_MS } from '../bookable-reads';

const LOUNGE = 'NQY-LNG-1'; // 05:00–22:00 daily, 30-min slots, 20 places
const OTHER = 'NQY-LNG-2'; // 24 hours, 30-min slots, 20 places
const DATE = '2026-11-28';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
});
afterAll(() => t.close());
const realClock = cacheClock.now;
afterEach(() => {
  cacheClock.now = realClock;
});

let serial = 0;
async function member() {
  const m = await memberWithSession(t, { email: `grid.${++serial}@example.com` });
  const own = await insertMembership(t.app.db, {
    userId: m.user.id,
    registeredAt: new Date('2025-01-01'),
    passesPerYear: 2,
  });
  return { ...m, own };
}
const slotAt = async (headers: Record<string, string>, time: string, code = LOUNGE) => {
  const grid = okResult<{ slots: Slot[] }>(
    await t.call(calls.availableTimes, { code, date: DATE }, headers),
  );
  return grid.slots.find((s) => s.time === time)!;
};

describe('the slot grid kept for a moment (issue 23)', () => {
  it("shows this process's hold at once, and to its member the places as theirs to choose again", async () => {
    const ann = await member();
    const bob = await member();
    expect(await slotAt(bob.headers, '12:00')).toMatchObject({ placesLeft: 20, state: 'open' });
    okResult<Hold>(
      await t.call(
        calls.startPreBooking,
        {
          code: LOUNGE,
          date: DATE,
          time: '12:00',
          flightNumber: 'BA1234',
          guests: ['Cy Lee'],
          dpid: ann.own.dpid,
        },
        ann.headers,
      ),
    );
    expect(await slotAt(bob.headers, '12:00')).toMatchObject({ placesLeft: 18 });
    expect(await slotAt(ann.headers, '12:00')).toMatchObject({ placesLeft: 20 });
  });

  it("shows another process's booking once DAY_PLACES_KEPT_MS has passed", async () => {
    const ann = await member();
    // The caches' time stands still until moved below (whole ms: no rounding at the boundary).
    const now = Math.floor(cacheClock.now());
    cacheClock.now = () => now;
    expect(await slotAt(ann.headers, '15:00', OTHER)).toMatchObject({ placesLeft: 20 });
    // Another process fills the slot: a write this process has not made.
    await t.app.db
      .insert(productSlots)
      .values({
        productId: OTHER,
        startsAt: new Date('2026-11-28T15:00:00Z'),
        localDate: DATE,
        localTime: '15:00',
        capacity: 20,
        taken: 20,
      })
      .onConflictDoUpdate({
        target: [productSlots.productId, productSlots.startsAt],
        set: { taken: 20 },
      });
    expect(await slotAt(ann.headers, '15:00', OTHER)).toMatchObject({ placesLeft: 20 });
    cacheClock.now = () => now + DAY_PLACES_KEPT_MS;
    expect(await slotAt(ann.headers, '15:00', OTHER)).toMatchObject({
      placesLeft: 0,
      state: 'full',
    });
    const [row] = await t.app.db
      .select({ taken: productSlots.taken })
      .from(productSlots)
      .where(and(eq(productSlots.productId, OTHER), eq(productSlots.localTime, '15:00')));
    expect(row?.taken).toBe(20);
  });
});
