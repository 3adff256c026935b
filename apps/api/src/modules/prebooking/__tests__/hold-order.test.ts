import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { insertUser } from '../../../../test/fixtures';
import { insertHold } from '../../../../test/hold-fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { orders, slotHolds } from '../../../db/schema';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';
import type { OrderRequest } from '../../../platform/checkout';
import { madeSlotRow, releaseHold } from '../../../platform/slots';
import { openHoldOrder } from '../pay-calls';

/*
 * A hold's payment opens its order and links the hold to it in one statement (openHoldOrder):
 * the order once per key, the hold to one order only, and nothing linked that is no longer held.
 */

const NOW = new Date('2026-11-25T10:00:00Z');
const LATER = new Date('2026-11-25T10:15:00Z');
const LOUNGE = NQY_PRODUCTS[0]!.id;
let t: TestApp;
let userId: string;
let slotId: string;
let keys = 0;

beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
  userId = (await insertUser(t.app.db, { email: 'hold.order@example.com' })).id;
  const slot = await madeSlotRow(t.app.db, {
    productId: LOUNGE,
    startsAt: new Date('2026-12-02T09:00:00Z'),
    localDate: '2026-12-02',
    localTime: '09:00',
    capacity: 50,
  });
  slotId = slot.id;
});
afterAll(() => t.close());

const newHold = () =>
  insertHold(t.app.db, {
    userId,
    productId: LOUNGE,
    slotId,
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
    expect(opened.outcome).toBe('created');
    expect(linked).toBe(true);
    // Answered as the order table's rows are: every column, decoded.
    expect(opened.order).toEqual((await ordersOf(asked.idempotencyKey))[0]);
    expect(opened.order).toMatchObject({ amount: 3500, status: 'created', lines: asked.lines });
    expect(await holdRow(hold.id)).toMatchObject({ orderId: opened.order.id, expiresAt: LATER });
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
      opened: { outcome: 'existing', order: opened.opened.order },
      linked: true,
    });
    expect(await holdRow(second.id)).toMatchObject({
      orderId: opened.opened.order.id,
      expiresAt: LATER,
    });
  });

  it('a retry of the key answers its order and links the hold to it again; another purchase under it is refused', async () => {
    const hold = await newHold();
    const asked = request(hold.id);
    const first = await openHoldOrder(t.app.db, asked, NOW, { holdId: hold.id, giveUpAt: null });
    const again = await openHoldOrder(t.app.db, asked, NOW, { holdId: hold.id, giveUpAt: null });
    expect(again).toEqual({
      opened: { outcome: 'existing', order: first.opened.order },
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
      orderId: first.opened.order.id,
      expiresAt: hold.expiresAt,
    });
  });

  it('links no hold another order has, nor one no longer held: the order is opened unlinked', async () => {
    const taken = await newHold();
    const theirs = await openHoldOrder(t.app.db, request(taken.id), NOW, {
      holdId: taken.id,
      giveUpAt: null,
    });
    const mine = await openHoldOrder(t.app.db, request(taken.id), NOW, {
      holdId: taken.id,
      giveUpAt: null,
    });
    expect(mine.opened.outcome).toBe('created');
    expect(mine.linked).toBe(false);
    expect(await holdRow(taken.id)).toMatchObject({
      orderId: theirs.opened.order.id,
      expiresAt: taken.expiresAt,
    });

    const lapsed = await newHold();
    await releaseHold(t.app.db, lapsed.id, 'lapsed', NOW);
    const late = await openHoldOrder(t.app.db, request(lapsed.id), NOW, {
      holdId: lapsed.id,
      giveUpAt: null,
    });
    expect(late).toMatchObject({ opened: { outcome: 'created' }, linked: false });
    expect((await holdRow(lapsed.id)).orderId).toBeNull();
  });
});
