import { laneHoldRequest } from '../../../../test/booking-fixtures';
import { calls, type BookingOrderState, type Hold } from '@portal/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithSession, okResult } from '../../../../test/call-helpers';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { savedCard } from '../../../../test/checkout-fixtures';
import { openWithProvider, type TestProvider } from '../../../../test/payment-provider';
import { raceAtLock } from '../../../../test/race';
import type { CallResponse, TestApp } from '../../../../test/test-app';
import { bookings, orders, productSlots, slotHolds } from '../../../db/schema';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';
import { openHoldOrder, VISIT_ITEM } from '../pay-calls';

/*
 * Issue 61, item 6, on PostgreSQL, the calls held together where they write (race.ts): a hold
 * has at most one live order, whatever one member sends at once. Ten prepare-orders with ten
 * checkout keys for one hold open one order and charge it once, leaving none behind in
 * `created`; an earlier order of the hold never charged is closed once and replaced once, and
 * one whose charge is asked meanwhile keeps the hold; a lane's sales paused while its hold is
 * being paid for sell nothing.
 */

const START = '2026-11-25T10:00:00Z';
const LOUNGE = 'NQY-LNG-1';
const LANE = 'NQY-FT-1';
const RACERS = 10;
let provider: TestProvider;
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ provider, t, close } = await openWithProvider({ now: START, poolSize: RACERS + 4 }));
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
}, 60_000);
afterAll(() => close());

let serial = 0;
async function payer() {
  serial += 1;
  const m = await memberWithSession(t, { email: `orders.race.${serial}@example.com` });
  return { ...m, cardId: await savedCard(t, m.user.id, '4111111111111111') };
}
type Payer = Awaited<ReturnType<typeof payer>>;
const newKey = () => `orders-race-${serial}-${Math.random().toString(36).slice(2, 12)}`;

/** The member alone at the lounge (£35, no membership: paid by card), on a day of its own. */
const loungeHold = async (m: Payer) =>
  okResult<Hold>(
    await t.call(
      calls.startPreBooking,
      {
        code: LOUNGE,
        date: `2026-12-${String(serial).padStart(2, '0')}`,
        time: '12:00',
        flightNumber: 'BA1234',
      },
      m.headers,
    ),
  );
const payLounge = (m: Payer, holdId: string) => () =>
  t.call(
    calls.prepareBookingOrder,
    { holdId, cardId: m.cardId, idempotencyKey: newKey() },
    m.headers,
  );

/** Every order opened for a hold, and what the provider was asked to take for them. */
async function ordersOf(holdId: string) {
  const rows = await t.app.db.select().from(orders).where(eq(orders.subject, holdId));
  const ids = new Set(rows.map((o) => o.id));
  const payments = provider.psp.app.sandbox.store
    .snapshot()
    .payments.filter((p) => ids.has(p.orderId));
  return { rows, payments };
}
const LIVE = ['created', 'awaiting-authentication', 'paid', 'fulfilled'];
const outcomes = (results: CallResponse[]) =>
  results
    .map((r) =>
      r.body.state === '1' ? (r.body.result as BookingOrderState).outcome : r.body.errorCode,
    )
    .sort();

/** An order of the hold opened and never charged: a checkout whose process stopped there. */
async function abandonedOrder(m: Payer, holdId: string) {
  const { opened } = await openHoldOrder(
    t.app.db,
    {
      userId: m.user.id,
      idempotencyKey: newKey(),
      purpose: 'lounge-booking',
      subject: holdId,
      lines: [{ item: VISIT_ITEM, description: 'Lounge visit', quantity: 1, unitAmount: 3500 }],
      currency: 'GBP',
      cardId: m.cardId,
    },
    t.clock.now(),
    { holdId, giveUpAt: null },
  );
  return opened!.order;
}

describe('one live order per hold (PostgreSQL)', () => {
  it(`${RACERS} prepare-orders with ${RACERS} keys for one hold at once: one order, charged once, none left in created`, async () => {
    const m = await payer();
    const h = await loungeHold(m);
    const { results, waited } = await raceAtLock(t, {
      // Each has read the hold unpaid and priced it; they queue where the order is linked.
      lock: sql`select id from slot_holds where id = ${h.holdId} for update`,
      calls: Array.from({ length: RACERS }, () => payLounge(m, h.holdId)),
    });
    expect(waited).toBe(RACERS);
    expect(outcomes(results)).toEqual([...Array<string>(RACERS - 1).fill('50007'), 'fulfilled']);
    const { rows, payments } = await ordersOf(h.holdId);
    expect(rows.filter((o) => LIVE.includes(o.status))).toHaveLength(1);
    expect(rows.filter((o) => o.status === 'created' && !o.chargeAskedAt)).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(payments).toHaveLength(1);
    const [held] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, h.holdId));
    expect(held).toMatchObject({ orderId: rows[0]!.id, releaseReason: 'confirmed' });
  });

  it(`${RACERS} new checkouts of a hold whose order was never charged: it is closed once, replaced once`, async () => {
    const m = await payer();
    const h = await loungeHold(m);
    const left = await abandonedOrder(m, h.holdId);
    const { results, waited } = await raceAtLock(t, {
      // Each read the earlier order never charged; they queue where it is closed.
      lock: sql`select id from orders where id = ${left.id} for update`,
      calls: Array.from({ length: RACERS }, () => payLounge(m, h.holdId)),
    });
    expect(waited).toBe(RACERS);
    expect(outcomes(results)).toEqual([...Array<string>(RACERS - 1).fill('50007'), 'fulfilled']);
    const { rows, payments } = await ordersOf(h.holdId);
    expect(rows.find((o) => o.id === left.id)).toMatchObject({
      status: 'failed',
      failureReason: 'replaced',
    });
    expect(rows.filter((o) => LIVE.includes(o.status))).toHaveLength(1);
    expect(rows.filter((o) => o.status === 'created' && !o.chargeAskedAt)).toEqual([]);
    expect(rows).toHaveLength(2);
    expect(payments).toHaveLength(1);
  });

  it('an earlier order whose charge is asked while they wait keeps the hold: nothing replaced, nothing opened', async () => {
    const m = await payer();
    const h = await loungeHold(m);
    const left = await abandonedOrder(m, h.holdId);
    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from orders where id = ${left.id} for update`,
      calls: Array.from({ length: RACERS }, () => payLounge(m, h.holdId)),
      // Its own checkout asks for its charge first (chargeOrder's first move).
      whileHeld: async (tx) => {
        await tx
          .update(orders)
          .set({ chargeAskedAt: t.clock.now() })
          .where(and(eq(orders.id, left.id), isNull(orders.chargeAskedAt)));
      },
    });
    expect(waited).toBe(RACERS);
    expect(outcomes(results)).toEqual(Array<string>(RACERS).fill('50007'));
    const { rows, payments } = await ordersOf(h.holdId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: left.id, status: 'created' });
    expect(payments).toEqual([]);
    const [held] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, h.holdId));
    expect(held).toMatchObject({ orderId: left.id, releasedAt: null });
  });
});

describe("a lane's sales paused while its hold is paid for (PostgreSQL)", () => {
  it('sells nothing: the hold ended, its order closed or refunded, no booking, its places back', async () => {
    const m = await payer();
    const date = '2026-12-20';
    const h = okResult<Hold>(
      await t.call(
        calls.fastTrackConfirmPassengers,
        laneHoldRequest(m.user.email, { code: LANE, date }),
        m.headers,
      ),
    );
    const pause = () =>
      t.app.inject({
        method: 'POST',
        url: '/ops-api/catalogue/fast-track-sales',
        remoteAddress: '127.0.0.1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ code: LANE, paused: true }),
      });
    try {
      const { results } = await raceAtLock<unknown>(t, {
        // The payment read the lane selling; the pause and the payment meet at the hold.
        lock: sql`select id from slot_holds where id = ${h.holdId} for update`,
        calls: [
          () =>
            t.call(
              calls.fastTrackPrepareOrder,
              { holdId: h.holdId, cardId: m.cardId, idempotencyKey: newKey() },
              m.headers,
            ),
          pause,
        ],
      });
      expect(results).toHaveLength(2);
      // Whatever the provider was asked, the engine settles; then nothing of it is kept.
      const { rows } = await ordersOf(h.holdId);
      for (const order of rows) {
        if (order.chargeAskedAt) await t.app.checkout.settle(order);
      }
      const settled = await t.app.db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.id,
            rows.map((o) => o.id),
          ),
        );
      for (const order of settled) expect(['failed', 'refund-pending']).toContain(order.status);
      expect(await t.app.db.select().from(bookings).where(eq(bookings.productId, LANE))).toEqual(
        [],
      );
      const [held] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, h.holdId));
      expect(held?.releaseReason).toBe('paused');
      const [slot] = await t.app.db
        .select({ taken: productSlots.taken })
        .from(productSlots)
        .where(and(eq(productSlots.productId, LANE), eq(productSlots.localDate, date)));
      expect(slot?.taken).toBe(0);
    } finally {
      await t.app.inject({
        method: 'POST',
        url: '/ops-api/catalogue/fast-track-sales',
        remoteAddress: '127.0.0.1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ code: LANE, paused: false }),
      });
    }
  });
});
