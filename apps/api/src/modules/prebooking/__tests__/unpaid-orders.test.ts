import { laneHoldRequest } from '../../../../test/booking-fixtures';
import { calls, type BookingOrderState, type Hold } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, memberWithSession, okResult } from '../../../../test/call-helpers';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { savedCard } from '../../../../test/checkout-fixtures';
import {
  answerChallenge,
  openWithProvider,
  type TestProvider,
} from '../../../../test/payment-provider';
import type { TestApp } from '../../../../test/test-app';
import { bookings, orders, productSlots, slotHolds } from '../../../db/schema';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';
import { releaseHold } from '../../../platform/slots';
import { openHoldOrder, VISIT_ITEM } from '../pay-calls';

/*
 * Issue 61, item 6: orders left behind. A hold has one live order: a new checkout key closes
 * the hold's earlier order that was never charged (failed, 'replaced'), and one whose charge was
 * asked keeps the hold; the sweeper closes the never-charged order of a lapsed hold. Pausing a
 * lane's sales ends its unpaid holds (released, their orders never charged failed; one the bank
 * approves later is refunded, nothing booked), and its payments answer 'Lane not available'.
 */

const START = '2026-11-25T10:00:00Z';
const LANE = 'NQY-FT-7';
const DATE = '2026-12-03';
const PAYS = '4111111111111111';
const CHALLENGES = '4000002760003184';
let provider: TestProvider;
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ provider, t, close } = await openWithProvider({ now: START }));
  await upsertProducts(
    t.app.db,
    [
      ...NQY_PRODUCTS,
      {
        ...NQY_PRODUCTS.find((p) => p.id === 'NQY-FT-1')!,
        id: LANE,
        name: 'Ten Places',
        capacityPerSlot: 10,
      },
    ],
    'import',
  );
});
afterAll(() => close());

let serial = 0;
async function member(cardNumber = PAYS) {
  serial += 1;
  const m = await memberWithSession(t, { email: `unpaid.${serial}@example.com` });
  return { ...m, cardId: await savedCard(t, m.user.id, cardNumber) };
}
type Member = Awaited<ReturnType<typeof member>>;
const key = () => `unpaid-${serial}-${Math.random().toString(36).slice(2, 12)}`;

/** The member and a companion in the lane's 08:00 window. */
const hold = async (m: Member, code = LANE, date = DATE) =>
  okResult<Hold>(
    await t.call(
      calls.fastTrackConfirmPassengers,
      laneHoldRequest(m.user.email, { code, date }),
      m.headers,
    ),
  );
const pay = (m: Member, holdId: string, idempotencyKey = key()) =>
  t.call(calls.fastTrackPrepareOrder, { holdId, cardId: m.cardId, idempotencyKey }, m.headers);

/**
 * An order opened for a hold and never charged, as a checkout leaves it whose tab closed (or
 * whose process stopped) between the order and the charge.
 */
async function abandonedOrder(m: Member, h: Hold) {
  const { opened } = await openHoldOrder(
    t.app.db,
    {
      userId: m.user.id,
      idempotencyKey: key(),
      purpose: 'fast-track',
      subject: h.holdId,
      lines: [{ item: VISIT_ITEM, description: 'Fast track', quantity: 2, unitAmount: 800 }],
      currency: 'GBP',
      cardId: m.cardId,
    },
    t.clock.now(),
    { holdId: h.holdId, giveUpAt: null },
  );
  return opened!.order;
}

const orderRow = async (id: string) =>
  (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const holdRow = async (id: string) =>
  (await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, id)))[0]!;
const paymentsFor = (orderId: string) =>
  provider.psp.app.sandbox.store.snapshot().payments.filter((p) => p.orderId === orderId);
const takenAt = async (code: string, date: string) =>
  (
    await t.app.db
      .select({ taken: productSlots.taken })
      .from(productSlots)
      .where(and(eq(productSlots.productId, code), eq(productSlots.localDate, date)))
  ).reduce((n, r) => n + r.taken, 0);
const pauseSales = async (code: string, paused: boolean) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/ops-api/catalogue/fast-track-sales',
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ code, paused }),
    })
  ).json<Record<string, unknown>>();

describe('a hold has one live order', () => {
  it("a new checkout closes the hold's earlier order that was never charged, and is charged once", async () => {
    t.clock.set(START);
    const m = await member();
    const h = await hold(m, 'NQY-FT-1', '2026-12-04');
    const left = await abandonedOrder(m, h);
    expect(left.status).toBe('created');
    const paid = okResult<BookingOrderState>(await pay(m, h.holdId));
    expect(paid).toMatchObject({ outcome: 'fulfilled', amount: 1600 });
    expect(await orderRow(left.id)).toMatchObject({
      status: 'failed',
      failureReason: 'replaced',
      chargeAskedAt: null,
    });
    expect(paymentsFor(left.id)).toEqual([]);
    expect(paymentsFor(paid.orderId)).toHaveLength(1);
    expect(
      await t.app.db.select().from(bookings).where(eq(bookings.orderId, paid.orderId)),
    ).toHaveLength(1);
  });

  it('an earlier order whose charge was asked keeps the hold: another checkout key is refused', async () => {
    t.clock.set(START);
    const m = await member(CHALLENGES);
    const h = await hold(m, 'NQY-FT-1', '2026-12-05');
    const asked = okResult<BookingOrderState>(await pay(m, h.holdId));
    expect(asked.outcome).toBe('authenticate');
    const other = key();
    expectFailure(await pay(m, h.holdId, other), 'orderKeyReused');
    expect(await orderRow(asked.orderId)).toMatchObject({ status: 'awaiting-authentication' });
    expect(await t.app.db.select().from(orders).where(eq(orders.idempotencyKey, other))).toEqual(
      [],
    );
    expect((await holdRow(h.holdId)).orderId).toBe(asked.orderId);
  });

  it('the sweeper closes the order of a lapsed hold that was never charged', async () => {
    t.clock.set(START);
    const m = await member();
    const h = await hold(m, 'NQY-FT-1', '2026-12-06');
    const left = await abandonedOrder(m, h);
    t.clock.advance(11 * 60_000);
    try {
      await t.app.sweepHolds();
      expect((await holdRow(h.holdId)).releaseReason).toBe('lapsed');
      expect(await orderRow(left.id)).toMatchObject({
        status: 'failed',
        failureReason: 'hold-lapsed',
      });
    } finally {
      t.clock.set(START);
    }
  });
});

describe("pausing a lane's sales ends its unpaid holds", () => {
  it('releases them and closes their orders; their payments answer Lane not available; what was sold stands', async () => {
    t.clock.set(START);
    const sold = await member();
    const soldHold = await hold(sold);
    const booked = okResult<BookingOrderState>(await pay(sold, soldHold.holdId));
    expect(booked.outcome).toBe('fulfilled');
    // Held only; held with an order never charged; held while the bank asks (3-D Secure).
    const holding = await member();
    const held = await hold(holding);
    const opening = await member();
    const opened = await hold(opening);
    const left = await abandonedOrder(opening, opened);
    const asking = await member(CHALLENGES);
    const askingHold = await hold(asking);
    const asked = okResult<BookingOrderState>(await pay(asking, askingHold.holdId));
    expect(asked.outcome).toBe('authenticate');
    expect(await takenAt(LANE, DATE)).toBe(8);

    expect(await pauseSales(LANE, true)).toEqual({
      code: LANE,
      salesPaused: true,
      holdsEnded: 3,
    });
    for (const h of [held, opened, askingHold]) {
      expect(await holdRow(h.holdId)).toMatchObject({ releaseReason: 'paused' });
    }
    // Their places back; the booking sold keeps its own.
    expect(await takenAt(LANE, DATE)).toBe(2);
    expect(await orderRow(left.id)).toMatchObject({
      status: 'failed',
      failureReason: 'sales-paused',
    });
    // Its charge asked: the provider's word settles it.
    expect((await orderRow(asked.orderId)).status).toBe('awaiting-authentication');
    expect((await orderRow(booked.orderId)).status).toBe('fulfilled');
    expect(
      await t.app.db.select().from(bookings).where(eq(bookings.orderId, booked.orderId)),
    ).toHaveLength(1);

    // Paying now: Lane not available, whichever hold.
    expectFailure(await pay(holding, held.holdId), 'laneNotAvailable');
    expectFailure(await pay(opening, opened.holdId), 'laneNotAvailable');
    // The bank approves afterwards: the money goes back, nothing is booked.
    await answerChallenge(asked.threeDSRedirectUrl!, 'approve');
    const settled = okResult<BookingOrderState>(
      await t.call(calls.fastTrackCheckPayment, { orderId: asked.orderId }, asking.headers),
    );
    expect(settled).toMatchObject({ outcome: 'failed', failureReason: 'sales-paused' });
    expect((await orderRow(asked.orderId)).status).toBe('refund-pending');
    expect(
      await t.app.db.select().from(bookings).where(eq(bookings.orderId, asked.orderId)),
    ).toEqual([]);
    expect(await takenAt(LANE, DATE)).toBe(2);

    // Resumed: sold again from a new hold.
    expect(await pauseSales(LANE, false)).toMatchObject({ salesPaused: false, holdsEnded: 0 });
    const again = await hold(holding);
    expect(okResult<BookingOrderState>(await pay(holding, again.holdId)).outcome).toBe('fulfilled');
  });

  it('a payment approved for a hold the pause ended is refunded: its places are not taken again', async () => {
    t.clock.set(START);
    const m = await member(CHALLENGES);
    const h = await hold(m, LANE, '2026-12-07');
    const asked = okResult<BookingOrderState>(await pay(m, h.holdId));
    expect(asked.outcome).toBe('authenticate');
    // The pause's first step alone (its hold released), its order not closed yet.
    await releaseHold(t.app.db, h.holdId, 'paused', t.clock.now());
    expect(await takenAt(LANE, '2026-12-07')).toBe(0);
    await answerChallenge(asked.threeDSRedirectUrl!, 'approve');
    const settled = okResult<BookingOrderState>(
      await t.call(calls.fastTrackCheckPayment, { orderId: asked.orderId }, m.headers),
    );
    expect(settled).toMatchObject({ outcome: 'failed', failureReason: 'sales-paused' });
    expect((await orderRow(asked.orderId)).status).toBe('refund-pending');
    expect(await takenAt(LANE, '2026-12-07')).toBe(0);
    expect(
      await t.app.db.select().from(bookings).where(eq(bookings.orderId, asked.orderId)),
    ).toEqual([]);
  });
});
