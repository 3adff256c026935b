import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { insertUser } from '../../../../test/fixtures';
import { insertHoldOnNewDay } from '../../../../test/hold-fixtures';
import { raceAtLock } from '../../../../test/race';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { orders, slotHolds } from '../../../db/schema';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';
import type { OrderRequest } from '../../../platform/checkout';
import { openHoldOrder } from '../pay-calls';

/*
 * openHoldOrder on PostgreSQL, its calls held together where they write (race.ts): checkouts
 * of one hold at once link it to one order only and open no other, and a double click's two
 * requests under one key open one order, both answered with it, the hold linked to it.
 */

const NOW = new Date('2026-11-25T10:00:00Z');
const LOUNGE = NQY_PRODUCTS[0]!.id;
const RACERS = 6;
let t: TestApp;
let userId: string;
let keys = 0;

beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString(), poolSize: RACERS + 2 });
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
  userId = (await insertUser(t.app.db, { email: 'hold.order.race@example.com' })).id;
});
afterAll(() => t.close());

/** A hold of the member's, each on a day of its own (one live hold per product and day). */
const newHold = () =>
  insertHoldOnNewDay(t.app.db, {
    userId,
    productId: LOUNGE,
    email: 'hold.order.race@example.com',
    now: NOW,
  });

const request = (holdId: string, idempotencyKey: string): OrderRequest => ({
  userId,
  idempotencyKey,
  purpose: 'lounge-booking',
  subject: holdId,
  lines: [{ item: 'lounge-visit', description: 'Lounge visit', quantity: 1, unitAmount: 0 }],
  currency: 'GBP',
});

const newKey = () => {
  keys += 1;
  return `hold-order-race-${keys}`;
};

describe('openHoldOrder at once (PostgreSQL)', () => {
  it(`links a hold ${RACERS} checkouts open at once to exactly one of their orders`, async () => {
    const hold = await newHold();
    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from slot_holds where id = ${hold.id} for update`,
      calls: Array.from(
        { length: RACERS },
        () => () =>
          openHoldOrder(t.app.db, request(hold.id, newKey()), NOW, {
            holdId: hold.id,
            giveUpAt: null,
          }),
      ),
    });
    expect(waited).toBe(RACERS);
    const winners = results.filter((r) => r.linked);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.opened?.outcome).toBe('created');
    // The others opened nothing: no order left behind for a hold another checkout has.
    expect(results.filter((r) => r.opened)).toHaveLength(1);
    expect(await t.app.db.select().from(orders).where(eq(orders.subject, hold.id))).toHaveLength(1);
    const [row] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, hold.id));
    expect(row?.orderId).toBe(winners[0]!.opened!.order.id);
  });

  it("answers a double click's two requests under one key with one order, the hold linked to it", async () => {
    const hold = await newHold();
    const key = newKey();
    const twice = () =>
      openHoldOrder(t.app.db, request(hold.id, key), NOW, { holdId: hold.id, giveUpAt: null });
    const { results, waited } = await raceAtLock(t, {
      // The first request waits here with its order written; the second waits on its key.
      lock: sql`select id from slot_holds where id = ${hold.id} for update`,
      calls: [twice, twice],
    });
    expect(waited).toBe(2);
    expect(results.map((r) => r.opened?.outcome).sort()).toEqual(['created', 'existing']);
    expect(results.every((r) => r.linked)).toBe(true);
    const made = await t.app.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(made).toHaveLength(1);
    expect(results.map((r) => r.opened?.order.id)).toEqual([made[0]!.id, made[0]!.id]);
    const [row] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, hold.id));
    expect(row?.orderId).toBe(made[0]!.id);
  });
});
