import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFivePasses, FIVE_PASSES, passesPerYearOf } from '../../../test/checkout-fixtures';
import { insertMembership, insertUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { orders, ORDER_STATUSES } from '../../db/schema';
import {
  findOrder,
  findOwnOrder,
  fulfilOrder,
  moveFreeOrder,
  moveOrder,
  openOrder,
  ORDER_MOVES,
  type Fulfil,
  type OrderRequest,
} from '../checkout';

const NOW = new Date('2026-11-25T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(() => t.close());

let serial = 0;

/** A member with a membership, and a request for 5 passes on it under a fresh key. */
async function buyer() {
  serial += 1;
  const user = await insertUser(t.app.db, { email: `buyer.${serial}@example.com` });
  const membership = await insertMembership(t.app.db, { userId: user.id, passesPerYear: 6 });
  const request: OrderRequest = {
    userId: user.id,
    idempotencyKey: `key-${serial}`,
    purpose: 'passes',
    subject: membership.dpid,
    lines: FIVE_PASSES,
    currency: 'GBP',
  };
  return { user, dpid: membership.dpid, request };
}

const addPasses = addFivePasses;
const passesOf = (dpid: string) => passesPerYearOf(t.app.db, dpid);

describe('checkout: opening an order', () => {
  it('prices it from its lines, with a reference members can quote', async () => {
    const { request } = await buyer();
    const opened = await openOrder(
      t.app.db,
      {
        ...request,
        lines: [
          ...FIVE_PASSES,
          { item: 'fee', description: 'Booking fee', quantity: 2, unitAmount: 150 },
        ],
      },
      NOW,
    );
    expect(opened.outcome).toBe('created');
    expect(opened.order).toMatchObject({ amount: 12_800, currency: 'GBP', status: 'created' });
    expect(opened.order.reference).toMatch(/^OR[A-HJ-NP-Z2-9]{8}$/);
  });

  it('answers the same order to a retry with the same key, and refuses the key for another purchase', async () => {
    const { request } = await buyer();
    const first = await openOrder(t.app.db, request, NOW);
    const again = await openOrder(t.app.db, request, NOW);
    expect(again).toEqual({ outcome: 'existing', order: first.order });
    const other = await openOrder(
      t.app.db,
      { ...request, lines: [{ ...FIVE_PASSES[0]!, quantity: 2 }] },
      NOW,
    );
    expect(other.outcome).toBe('key-reused');
    expect(
      await t.app.db.select().from(orders).where(eq(orders.userId, request.userId)),
    ).toHaveLength(1);
  });

  it('answers a retry made with another card, or worded in another language, with the same order', async () => {
    const { request } = await buyer();
    const first = await openOrder(t.app.db, request, NOW);
    const [line] = FIVE_PASSES;
    const retry = await openOrder(
      t.app.db,
      { ...request, lines: [{ ...line!, description: '5 pases de sala' }] },
      NOW,
    );
    expect(retry).toEqual({ outcome: 'existing', order: first.order });
  });

  it('refuses lines that are not whole, positive quantities at whole prices', async () => {
    const { request } = await buyer();
    const [line] = FIVE_PASSES;
    for (const bad of [
      [],
      [{ ...line!, quantity: 0 }],
      [{ ...line!, unitAmount: -1 }],
      [{ ...line!, unitAmount: 1.5 }],
    ]) {
      await expect(openOrder(t.app.db, { ...request, lines: bad }, NOW)).rejects.toThrow(
        'an order needs lines',
      );
    }
  });

  it("finds a member's own order only", async () => {
    const { request } = await buyer();
    const { order } = await openOrder(t.app.db, request, NOW);
    const stranger = await buyer();
    expect(await findOwnOrder(t.app.db, request.userId, order.id)).toMatchObject({ id: order.id });
    expect(await findOwnOrder(t.app.db, stranger.user.id, order.id)).toBeUndefined();
    expect(await findOwnOrder(t.app.db, request.userId, 'not-an-id')).toBeUndefined();
    expect(await findOwnOrder(t.app.db, request.userId, '-'.repeat(36))).toBeUndefined();
  });
});

describe('checkout: moving an order', () => {
  it('allows only the moves of the state machine', () => {
    expect(Object.keys(ORDER_MOVES).sort()).toEqual([...ORDER_STATUSES].sort());
    // Money reported after the order failed can only go back.
    expect(ORDER_MOVES.failed).toEqual(['refund-pending']);
    expect(ORDER_MOVES.refunded).toEqual([]);
    expect(ORDER_MOVES.paid).toContain('fulfilled');
  });

  it('moves once from the expected state, stamps the time, and refuses a move not in the machine', async () => {
    const { request } = await buyer();
    const { order } = await openOrder(t.app.db, request, NOW);
    const later = new Date(NOW.getTime() + 60_000);
    const waiting = await moveOrder(
      t.app.db,
      order.id,
      'created',
      'awaiting-authentication',
      later,
      {
        providerPaymentId: 'pay-1',
        chargeAskedAt: later,
      },
    );
    expect(waiting).toMatchObject({
      status: 'awaiting-authentication',
      providerPaymentId: 'pay-1',
    });
    // Already moved: a second move from 'created' finds nothing to move.
    expect(await moveOrder(t.app.db, order.id, 'created', 'failed', later)).toBeUndefined();
    const paid = await moveOrder(t.app.db, order.id, 'awaiting-authentication', 'paid', later);
    expect(paid?.paidAt).toEqual(later);
    await expect(moveOrder(t.app.db, order.id, 'paid', 'created', later)).rejects.toThrow(
      'an order cannot move from paid to created',
    );
    expect((await findOrder(t.app.db, order.id))?.status).toBe('paid');
  });

  it('writes the details given, null ones too, and leaves alone those given as undefined', async () => {
    const { request } = await buyer();
    const { order } = await openOrder(t.app.db, request, NOW);
    const later = new Date(NOW.getTime() + 60_000);
    const asked = await moveOrder(t.app.db, order.id, 'created', 'awaiting-authentication', NOW, {
      chargeAskedAt: NOW,
      providerPaymentId: 'pay-2',
    });
    expect(asked).toMatchObject({ providerPaymentId: 'pay-2', chargeAskedAt: NOW });
    // The same columns given in another order, in a transaction: the same statement's work.
    const failed = await t.app.db.transaction((tx) =>
      moveOrder(tx, order.id, 'awaiting-authentication', 'failed', later, {
        failureReason: 'declined',
        providerPaymentId: undefined,
        chargeAskedAt: null,
      }),
    );
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'declined',
      providerPaymentId: 'pay-2',
      chargeAskedAt: null,
      failedAt: later,
      updatedAt: later,
    });
    expect(await findOrder(t.app.db, order.id)).toEqual(failed);
  });
});

describe('checkout: an order with nothing to pay', () => {
  it('moves created -> fulfilled once, stamped paid and fulfilled, never an order with an amount', async () => {
    const later = new Date(NOW.getTime() + 60_000);
    const free = await buyer();
    const { order } = await openOrder(
      t.app.db,
      { ...free.request, lines: [{ ...FIVE_PASSES[0]!, unitAmount: 0 }] },
      NOW,
    );
    expect(order.amount).toBe(0);
    const moved = await moveFreeOrder(t.app.db, order.id, later);
    expect(moved).toMatchObject({ status: 'fulfilled', paidAt: later, fulfilledAt: later });
    expect(await moveFreeOrder(t.app.db, order.id, later)).toBeUndefined();

    const paying = await buyer();
    const { order: priced } = await openOrder(t.app.db, paying.request, NOW);
    expect(priced.amount).toBeGreaterThan(0);
    expect(await moveFreeOrder(t.app.db, priced.id, later)).toBeUndefined();
    expect((await findOrder(t.app.db, priced.id))?.status).toBe('created');
  });
});

describe('checkout: fulfilling an order', () => {
  it('delivers once: a second fulfilment of the same order does nothing', async () => {
    const { request, dpid } = await buyer();
    const { order } = await openOrder(t.app.db, request, NOW);
    await moveOrder(t.app.db, order.id, 'created', 'paid', NOW);
    expect(await fulfilOrder(t.app.db, order.id, NOW, addPasses)).toMatchObject({
      status: 'fulfilled',
      fulfilledAt: NOW,
    });
    expect(await fulfilOrder(t.app.db, order.id, NOW, addPasses)).toBeUndefined();
    expect(await passesOf(dpid)).toBe(11);
  });

  it('never half: a fulfilment that fails leaves the order paid and keeps nothing of it', async () => {
    const { request, dpid } = await buyer();
    const { order } = await openOrder(t.app.db, request, NOW);
    await moveOrder(t.app.db, order.id, 'created', 'paid', NOW);
    const failing: Fulfil = async (tx, paid) => {
      await addPasses(tx, paid, NOW);
      throw new Error('the booking could not be confirmed');
    };
    await expect(fulfilOrder(t.app.db, order.id, NOW, failing)).rejects.toThrow(
      'could not be confirmed',
    );
    expect((await findOrder(t.app.db, order.id))?.status).toBe('paid');
    expect(await passesOf(dpid)).toBe(6);
  });

  it('does not fulfil an order that is not paid', async () => {
    const { request, dpid } = await buyer();
    const { order } = await openOrder(t.app.db, request, NOW);
    expect(await fulfilOrder(t.app.db, order.id, NOW, addPasses)).toBeUndefined();
    expect(await passesOf(dpid)).toBe(6);
  });
});
