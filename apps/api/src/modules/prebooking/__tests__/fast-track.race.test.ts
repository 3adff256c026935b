import { laneHoldRequest } from '../../../../test/booking-fixtures';
import { calls, type BookingOrderState, type Hold } from '@portal/contract';
import { and, eq, inArray, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, memberWithSession } from '../../../../test/call-helpers';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { savedCard } from '../../../../test/checkout-fixtures';
import { openWithProvider, type TestProvider } from '../../../../test/payment-provider';
import type { TestApp } from '../../../../test/test-app';
import { bookings, orders, productSlots } from '../../../db/schema';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';

/*
 * Fast track on PostgreSQL (PGlite serves one connection at a time, so no race can show there):
 * a lane's window is the lounges' slot inventory, so its places are taken by one conditional
 * update whoever asks at once.
 */

const START = '2026-11-25T10:00:00Z';
const LANE = 'NQY-FT-6';
const DATE = '2026-12-02';
const BOOKERS = 300;
const PLACES = 6;
/** Each booker brings a companion: two passengers each, so exactly 3 bookings fit. */
const PASSENGERS = 2;

let provider: TestProvider;
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ provider, t, close } = await openWithProvider({ now: START, poolSize: 40 }));
  await upsertProducts(
    t.app.db,
    [
      {
        ...NQY_PRODUCTS.find((p) => p.id === 'NQY-FT-1')!,
        id: LANE,
        name: 'Six Places',
        capacityPerSlot: PLACES,
      },
    ],
    'import',
  );
}, 60_000);
afterAll(() => close());

let serial = 0;
async function booker() {
  serial += 1;
  const m = await memberWithSession(t, { email: `lane.race.${serial}@example.com` });
  const cardId = await savedCard(t, m.user.id, '4111111111111111');
  return { ...m, cardId };
}

describe('a lane window is sold by the slot inventory (`taken + n <= capacity`)', () => {
  it(`${BOOKERS} members book ${PASSENGERS} passengers each for ${PLACES} places at once: exactly ${PLACES} passengers booked, no double charge`, async () => {
    const members: Awaited<ReturnType<typeof booker>>[] = [];
    for (let i = 0; i < BOOKERS; i += 25) {
      members.push(...(await Promise.all(Array.from({ length: 25 }, () => booker()))));
    }
    const outcomes = await Promise.all(
      members.map(async (b) => {
        const held = await t.call(
          calls.fastTrackConfirmPassengers,
          laneHoldRequest(b.user.email, { code: LANE, date: DATE }),
          b.headers,
        );
        if (held.body.state !== '1') return { held };
        const { holdId } = held.body.result as Hold;
        const paid = await t.call(
          calls.fastTrackPrepareOrder,
          { holdId, cardId: b.cardId, idempotencyKey: `lane-race-${b.user.id}` },
          b.headers,
        );
        return { held, paid };
      }),
    );

    const fits = PLACES / PASSENGERS;
    const refused = outcomes.filter((o) => o.held.body.state !== '1');
    expect(refused).toHaveLength(BOOKERS - fits);
    for (const { held } of refused) expectFailure(held, 'laneNotAvailable');
    const paid = outcomes.flatMap((o) => (o.paid ? [o.paid.body.result as BookingOrderState] : []));
    expect(paid.map((p) => p.outcome)).toEqual(Array(fits).fill('fulfilled'));

    const [slot] = await t.app.db
      .select({ taken: productSlots.taken, capacity: productSlots.capacity })
      .from(productSlots)
      .where(and(eq(productSlots.productId, LANE), eq(productSlots.localDate, DATE)));
    expect(slot).toEqual({ taken: PLACES, capacity: PLACES });
    const [booked] = await t.app.db
      .select({ passengers: sum(bookings.passengers).mapWith(Number) })
      .from(bookings)
      .where(eq(bookings.productId, LANE));
    expect(booked?.passengers).toBe(PLACES);
    // One captured payment per order: nobody charged twice, nobody charged for nothing.
    const orderIds = paid.map((p) => p.orderId);
    const payments = provider.psp.app.sandbox.store
      .snapshot()
      .payments.filter((p) => orderIds.includes(p.orderId));
    expect(payments).toHaveLength(fits);
    expect(new Set(payments.map((p) => p.orderId)).size).toBe(fits);
    const charged = await t.app.db
      .select({ purpose: orders.purpose })
      .from(orders)
      .where(inArray(orders.id, orderIds));
    expect(charged.map((o) => o.purpose)).toEqual(Array(fits).fill('fast-track'));
  }, 120_000);
});
