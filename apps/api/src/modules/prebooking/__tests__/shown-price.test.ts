import { laneHoldRequest } from '../../../../test/booking-fixtures';
import {
  calls,
  type BookingOrderState,
  type BookingPrice,
  type BookingReview,
  type FastTrackReview,
  type Hold,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, memberWithMembership, okResult } from '../../../../test/call-helpers';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { savedCard } from '../../../../test/checkout-fixtures';
import { openWithProvider, type TestProvider } from '../../../../test/payment-provider';
import type { TestApp } from '../../../../test/test-app';
import { bookings, memberships, orders, slotHolds } from '../../../db/schema';
import type { CatalogueProduct } from '../../../platform/catalogue/catalogue-product';

/*
 * Issue 61, item 5: the amount is confirmed. A booking's order is charged the total the member
 * was shown (kept on the hold by each answer of a price: the hold, the price, the review), or
 * refused with the price now (priceChanged, result.price), paid once the member confirms it
 * (confirmedTotal). A catalogue import between review and payment, down or up, is never charged
 * unseen. Lounge pre-booking and fast track alike.
 */

const START = '2026-11-25T10:00:00Z';
const LOUNGE = 'NQY-LNG-1';
const LANE = 'NQY-FT-1';
const PAYS = '4111111111111111';
let provider: TestProvider;
let t: TestApp;
let close: () => Promise<void>;

const withPrice = (id: string, amount: number): CatalogueProduct => ({
  ...NQY_PRODUCTS.find((p) => p.id === id)!,
  price: { amount, currency: 'GBP' },
});

/** An operator's catalogue import (upsert) of products. */
async function importCatalogue(products: CatalogueProduct[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/ops-api/catalogue/import',
    remoteAddress: '127.0.0.1',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ products }),
  });
  expect(response.statusCode).toBe(200);
}

beforeAll(async () => {
  ({ provider, t, close } = await openWithProvider({ now: START }));
  await importCatalogue([...NQY_PRODUCTS.filter((p) => p.id !== LOUNGE), withPrice(LOUNGE, 4000)]);
});
afterAll(() => close());

let serial = 0;
/** A member with no passes (every passenger pays) and a saved card. */
async function payer() {
  serial += 1;
  const m = await memberWithMembership(t, 'Payer', serial, { passesPerYear: 0 });
  return { ...m, cardId: await savedCard(t, m.user.id, PAYS) };
}
type Payer = Awaited<ReturnType<typeof payer>>;
const key = () => `shown-${serial}-${Math.random().toString(36).slice(2, 12)}`;

/** The member and a guest at the lounge: 2 × the guest price. */
const loungeHold = async (m: Payer, date: string) =>
  okResult<Hold>(
    await t.call(
      calls.startPreBooking,
      { code: LOUNGE, date, time: '12:00', flightNumber: 'BA1234', guests: ['Bo Lee'] },
      m.headers,
    ),
  );
const review = async (m: Payer, holdId: string) =>
  okResult<BookingReview>(await t.call(calls.reviewDetails, { holdId }, m.headers));
const pay = (m: Payer, holdId: string, confirmedTotal?: { amount: number; currency: string }) =>
  t.call(
    calls.prepareBookingOrder,
    {
      holdId,
      cardId: m.cardId,
      idempotencyKey: key(),
      ...(confirmedTotal ? { confirmedTotal } : {}),
    },
    m.headers,
  );

/** What the provider was asked to take for the member's orders, by amount. */
async function charged(userId: string): Promise<number[]> {
  const mine = new Set(
    (await t.app.db.select().from(orders).where(eq(orders.userId, userId))).map((o) => o.id),
  );
  return provider.psp.app.sandbox.store
    .snapshot()
    .payments.filter((p) => mine.has(p.orderId))
    .map((p) => p.amount);
}

const gbp = (amount: number) => ({ amount, currency: 'GBP' });

describe('lounge pre-booking: the total shown is the total charged', () => {
  it('a guest price cut between review and payment is refused with the new price; confirming pays it', async () => {
    await importCatalogue([withPrice(LOUNGE, 4000)]);
    const m = await payer();
    const held = await loungeHold(m, '2026-12-02');
    expect(held.price.total).toEqual(gbp(8000));
    expect((await review(m, held.holdId)).price).toMatchObject({
      paidPassengers: 2,
      unitPrice: gbp(4000),
      total: gbp(8000),
    });
    // The import the issue met: £40 became £1 while the member was on the payment step.
    await importCatalogue([withPrice(LOUNGE, 100)]);
    const refused = await pay(m, held.holdId);
    expectFailure(refused, 'priceChanged', {
      price: {
        passengers: 2,
        infants: 0,
        passesUsed: 0,
        paidPassengers: 2,
        unitPrice: gbp(100),
        total: gbp(200),
      },
    });
    expect(refused.body).toMatchObject({ errorCode: '50020' });
    // Nothing opened, nothing charged.
    expect(await t.app.db.select().from(orders).where(eq(orders.subject, held.holdId))).toEqual([]);
    expect(await charged(m.user.id)).toEqual([]);

    const paid = okResult<BookingOrderState>(await pay(m, held.holdId, gbp(200)));
    expect(paid).toMatchObject({ outcome: 'fulfilled', amount: 200 });
    expect(await charged(m.user.id)).toEqual([200]);
    const [booking] = await t.app.db
      .select()
      .from(bookings)
      .where(eq(bookings.orderId, paid.orderId));
    expect(booking).toMatchObject({ amount: 200, places: 2 });
  });

  it('a rise is never charged unseen: a total confirmed that is no longer the price is refused again', async () => {
    await importCatalogue([withPrice(LOUNGE, 4000)]);
    const m = await payer();
    const held = await loungeHold(m, '2026-12-03');
    await review(m, held.holdId);
    await importCatalogue([withPrice(LOUNGE, 4500)]);
    expectFailure(await pay(m, held.holdId), 'priceChanged', { price: { total: gbp(9000) } });
    // The old total sent as confirmed is not the price either.
    expectFailure(await pay(m, held.holdId, gbp(8000)), 'priceChanged', {
      price: { total: gbp(9000) },
    });
    // Changed again before the member confirmed: told the price now, not charged the one seen.
    await importCatalogue([withPrice(LOUNGE, 5000)]);
    expectFailure(await pay(m, held.holdId, gbp(9000)), 'priceChanged', {
      price: { total: gbp(10000) },
    });
    expect(await charged(m.user.id)).toEqual([]);
    const paid = okResult<BookingOrderState>(await pay(m, held.holdId, gbp(10000)));
    expect(paid).toMatchObject({ outcome: 'fulfilled', amount: 10000 });
    expect(await charged(m.user.id)).toEqual([10000]);
  });

  it('a member who saw the price is charged exactly it: the hold keeps what each answer showed', async () => {
    await importCatalogue([withPrice(LOUNGE, 4000)]);
    // Shown by the hold's answer, paid without a review.
    const first = await payer();
    const direct = await loungeHold(first, '2026-12-04');
    const paidDirect = okResult<BookingOrderState>(await pay(first, direct.holdId));
    expect(paidDirect).toMatchObject({ outcome: 'fulfilled', amount: direct.price.total.amount });
    expect(await charged(first.user.id)).toEqual([8000]);

    // The import before the review: the review shows the new price, and keeps it.
    const second = await payer();
    const held = await loungeHold(second, '2026-12-04');
    await importCatalogue([withPrice(LOUNGE, 3000)]);
    const shown = await review(second, held.holdId);
    expect(shown.price.total).toEqual(gbp(6000));
    const [row] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, held.holdId));
    expect(row?.draft.quoted).toEqual(gbp(6000));
    // The price call shows what the review showed.
    expect(
      okResult<BookingPrice>(
        await t.call(calls.orderPrice, { holdId: held.holdId }, second.headers),
      ).total,
    ).toEqual(gbp(6000));
    const paid = okResult<BookingOrderState>(await pay(second, held.holdId));
    expect(paid).toMatchObject({ outcome: 'fulfilled', amount: 6000 });
    expect(await charged(second.user.id)).toEqual([6000]);
  });

  it('passes spent elsewhere since the review: refused with the price now, not charged for guests unseen', async () => {
    await importCatalogue([withPrice(LOUNGE, 4000)]);
    serial += 1;
    const m = await memberWithMembership(t, 'Payer', serial, { passesPerYear: 2 });
    const cardId = await savedCard(t, m.user.id, PAYS);
    const held = okResult<Hold>(
      await t.call(
        calls.startPreBooking,
        {
          code: LOUNGE,
          date: '2026-12-05',
          time: '12:00',
          flightNumber: 'BA1234',
          guests: ['Bo Lee'],
          dpid: m.own.dpid,
        },
        m.headers,
      ),
    );
    expect(held.price).toMatchObject({ passesUsed: 2, total: gbp(0) });
    // Another of the member's bookings took a pass meanwhile.
    await t.app.db
      .update(memberships)
      .set({ passesUsed: 1 })
      .where(eq(memberships.dpid, m.own.dpid));
    const refused = await t.call(
      calls.prepareBookingOrder,
      { holdId: held.holdId, cardId, idempotencyKey: key() },
      m.headers,
    );
    expectFailure(refused, 'priceChanged', {
      price: { passesUsed: 1, paidPassengers: 1, total: gbp(4000) },
    });
    expect(await charged(m.user.id)).toEqual([]);
  });
});

describe('fast track: the total shown is the total charged', () => {
  it('a lane price rise between review and payment is refused with the new price; confirming pays it', async () => {
    await importCatalogue([withPrice(LANE, 800)]);
    const m = await payer();
    const held = okResult<Hold>(
      await t.call(
        calls.fastTrackConfirmPassengers,
        laneHoldRequest(m.user.email, { code: LANE, date: '2026-12-06' }),
        m.headers,
      ),
    );
    expect(held.price.total).toEqual(gbp(1600));
    expect(
      okResult<FastTrackReview>(
        await t.call(calls.fastTrackReviewDetails, { holdId: held.holdId }, m.headers),
      ).price.total,
    ).toEqual(gbp(1600));
    await importCatalogue([withPrice(LANE, 900)]);
    const payLane = (confirmedTotal?: { amount: number; currency: string }) =>
      t.call(
        calls.fastTrackPrepareOrder,
        {
          holdId: held.holdId,
          cardId: m.cardId,
          idempotencyKey: key(),
          ...(confirmedTotal ? { confirmedTotal } : {}),
        },
        m.headers,
      );
    expectFailure(await payLane(), 'priceChanged', {
      price: { paidPassengers: 2, unitPrice: gbp(900), total: gbp(1800) },
    });
    expect(await charged(m.user.id)).toEqual([]);
    const paid = okResult<BookingOrderState>(await payLane(gbp(1800)));
    expect(paid).toMatchObject({ outcome: 'fulfilled', amount: 1800 });
    expect(await charged(m.user.id)).toEqual([1800]);
    await importCatalogue([withPrice(LANE, 800)]);
  });
});
