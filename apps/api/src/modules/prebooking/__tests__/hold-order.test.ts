import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { insertUser } from '../../../../test/fixtures';
import { insertHoldOnNewDay } from '../../../../test/hold-fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { orders, slotHolds } from '../../../db/schema';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';
import type { OrderRequest } from '../../../platform/checkout';
import { releaseHold } from '../../../platform/slots';
import { openHoldOrder } from '../pay-calls';

/*
 * A hold's payment opens its order and links the hold to it in one statement (openHoldOrder):
 * the order once per key, the hold to one live order only (an earlier one never charged is
 * closed), and no order opened for a hold it cannot have (issue 61: none left behind).
 */

const NOW = new Date('2026-11-25T10:00:00Z');
const LATER = new Date('2026-11-25T10:15:00Z');
const LOUNGE = NQY_PRODUCTS[0]!.id;
let t: TestApp;
let userId: string;
let keys = 0;

beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
  userId = (await insertUser(t.app.db, { email: 'hold.order@example.com' })).id;
});
afterAll(() => t.close());

/** A hold of the member's, each on a day of its own (one live hold per product and day). */
const newHold = () =>
  insertHoldOnNewDay(t.app.db, {
    userId,
    productId: LOUNGE,
    email: 'hold.order@example.com',
    now: NOW,
  });

const request = (holdId: string, unitAmount = 0): OrderRequest => {
  keys += 1;
  return {
    userId,
    idempotencyKey: `hold-order-${keys}`,
    purpose: 'lounge-booking',
    subject: holdId,
    lines: [{ item: 'lounge-visit', description: 'Lounge visit', quantity: 1, unitAmount }],
    currency: 'GBP',
  };
};

const holdRow = async (id: string) =>
  (await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, id)))[0]!;
const ordersOf = async (key: string) =>
  t.app.db.select().from(orders).where(eq(orders.idempotencyKey, key));

describe('openHoldOrder', () => {
  it('opens the order and links the hold to it, held until the engine would give up', async () => {
    const hold = await newHold();
    const asked = request(hold.id, 3500);
    const { opened, linked } = await openHoldOrder(t.app.db, asked, NOW, {
      holdId: hold.id,
      giveUpAt: LATER,
    });
    expect(opened?.outcome).toBe('created');
    expect(linked).toBe(true);
    // Answered as the order table's rows are: every column, decoded.
    expect(opened?.order).toEqual((await ordersOf(asked.idempotencyKey))[0]);
    expect(opened?.order).toMatchObject({ amount: 3500, status: 'created', lines: asked.lines });
    expect(await holdRow(hold.id)).toMatchObject({ orderId: opened?.order.id, expiresAt: LATER });
  });

  it("keeps a hold's own expiry when it is later than the give-up time, or none is given", async () => {
    const hold = await newHold();
    const { linked } = await openHoldOrder(t.app.db, request(hold.id), NOW, {
      holdId: hold.id,
      giveUpAt: null,
    });
    expect(linked).toBe(true);
    expect((await holdRow(hold.id)).expiresAt).toEqual(hold.expiresAt);

    const later = await newHold();
    const earlier = new Date(later.expiresAt.getTime() - 60_000);
    const paid = await openHoldOrder(t.app.db, request(later.id, 3500), NOW, {
      holdId: later.id,
      giveUpAt: earlier,
    });
    expect(paid.linked).toBe(true);
    expect((await holdRow(later.id)).expiresAt).toEqual(later.expiresAt);
  });

  it("a retry's key links a hold of the same purchase not linked yet, held until the give-up time", async () => {
    // A change's order is its booking's (subject): asked again with its key, on a new hold.
    const first = await newHold();
    const asked = { ...request(first.id, 3500), purpose: 'lounge-amend' as const, subject: userId };
    const opened = await openHoldOrder(t.app.db, asked, NOW, { holdId: first.id, giveUpAt: null });
    const second = await newHold();
    const again = await openHoldOrder(t.app.db, asked, NOW, {
      holdId: second.id,
      giveUpAt: LATER,
    });
    expect(again).toEqual({
      opened: { outcome: 'existing', order: opened.opened!.order },
      linked: true,
    });
    expect(await holdRow(second.id)).toMatchObject({
      orderId: opened.opened!.order.id,
      expiresAt: LATER,
    });
  });

  it('a retry of the key answers its order and links the hold to it again; another purchase under it is refused', async () => {
    const hold = await newHold();
    const asked = request(hold.id);
    const first = await openHoldOrder(t.app.db, asked, NOW, { holdId: hold.id, giveUpAt: null });
    const again = await openHoldOrder(t.app.db, asked, NOW, { holdId: hold.id, giveUpAt: null });
    expect(again).toEqual({
      opened: { outcome: 'existing', order: first.opened!.order },
      linked: true,
    });
    const reused = await openHoldOrder(
      t.app.db,
      { ...asked, lines: [{ ...asked.lines[0]!, quantity: 2 }] },
      NOW,
      { holdId: hold.id, giveUpAt: null },
    );
    expect(reused).toMatchObject({ opened: { outcome: 'key-reused' }, linked: false });
    expect(await ordersOf(asked.idempotencyKey)).toHaveLength(1);
    // The hold is left as the first order had it.
    expect(await holdRow(hold.id)).toMatchObject({
      orderId: first.opened!.order.id,
      expiresAt: hold.expiresAt,
    });
  });

  it("another key replaces the hold's earlier order never charged, named to replace: that one is closed (failed)", async () => {
    const hold = await newHold();
    const theirs = await openHoldOrder(t.app.db, request(hold.id), NOW, {
      holdId: hold.id,
      giveUpAt: null,
    });
    const unreplaced = request(hold.id);
    expect(
      await openHoldOrder(t.app.db, unreplaced, NOW, { holdId: hold.id, giveUpAt: null }),
    ).toEqual({ opened: undefined, linked: false });
    expect(await ordersOf(unreplaced.idempotencyKey)).toEqual([]);
    const mine = await openHoldOrder(t.app.db, request(hold.id), NOW, {
      holdId: hold.id,
      giveUpAt: null,
      replacing: theirs.opened!.order.id,
    });
    expect(mine).toMatchObject({ opened: { outcome: 'created' }, linked: true });
    expect(await holdRow(hold.id)).toMatchObject({ orderId: mine.opened!.order.id });
    const [closed] = await ordersOf(theirs.opened!.order.idempotencyKey);
    expect(closed).toMatchObject({ status: 'failed', failureReason: 'replaced', failedAt: NOW });
  });

  it('opens no order for a hold whose order was charged, nor for one no longer held', async () => {
    const taken = await newHold();
    const theirs = await openHoldOrder(t.app.db, request(taken.id, 3500), NOW, {
      holdId: taken.id,
      giveUpAt: null,
    });
    // Its charge asked (chargeOrder's first move): it keeps the hold.
    await t.app.db
      .update(orders)
      .set({ chargeAskedAt: NOW })
      .where(eq(orders.id, theirs.opened!.order.id));
    const asked = request(taken.id, 3500);
    const mine = await openHoldOrder(t.app.db, asked, NOW, {
      holdId: taken.id,
      giveUpAt: null,
      replacing: theirs.opened!.order.id,
    });
    expect(mine).toEqual({ opened: undefined, linked: false });
    expect(await ordersOf(asked.idempotencyKey)).toEqual([]);
    expect(await holdRow(taken.id)).toMatchObject({
      orderId: theirs.opened!.order.id,
      expiresAt: taken.expiresAt,
    });
    expect((await ordersOf(theirs.opened!.order.idempotencyKey))[0]?.status).toBe('created');

    const lapsed = await newHold();
    await releaseHold(t.app.db, lapsed.id, 'lapsed', NOW);
    const late = request(lapsed.id);
    expect(await openHoldOrder(t.app.db, late, NOW, { holdId: lapsed.id, giveUpAt: null })).toEqual(
      { opened: undefined, linked: false },
    );
    expect(await ordersOf(late.idempotencyKey)).toEqual([]);
    expect((await holdRow(lapsed.id)).orderId).toBeNull();
  });
});
