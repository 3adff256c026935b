import { calls, type ChargePrice, type OrderState } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectFailure, memberWithSession, messagesTo } from '../../../../test/call-helpers';
import { savedCard } from '../../../../test/checkout-fixtures';
import { insertMembership } from '../../../../test/fixtures';
import {
  answerChallenge,
  openWithProvider,
  type TestProvider,
} from '../../../../test/payment-provider';
import { unchecked, type CallResponse, type TestApp } from '../../../../test/test-app';
import { memberships, orders } from '../../../db/schema';

let provider: TestProvider;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(
  async () => ({ provider, t, close } = await openWithProvider({ now: '2026-11-25T10:00:00Z' })),
);
afterAll(() => close());

const PAYS = '4111111111111111';
const CHALLENGES = '4000002760003184';
const DECLINES = '4000000000000341';
const ANSWER_LOST = '4000000000000119';

let serial = 0;
type Buyer = Awaited<ReturnType<typeof buyer>>;
async function buyer(membership: Parameters<typeof insertMembership>[1] = {}) {
  serial += 1;
  const m = await memberWithSession(t, { email: `buyer.${serial}@example.com` });
  const own = await insertMembership(t.app.db, {
    userId: m.user.id,
    registeredAt: new Date('2025-01-01'),
    passesPerYear: 4,
    ...membership,
  });
  return { ...m, own };
}
const key = () => `checkout-${serial}-${Math.random().toString(36).slice(2, 12)}`;

const prepare = (b: Buyer, cardId: string, item = 'pass-pack:5', idempotencyKey = key()) =>
  t.call(calls.prepareMembershipOrder, { item, cardId, idempotencyKey }, b.headers);
const status = (b: Buyer, orderId: string) =>
  t.call(calls.checkMembershipPayment, { orderId }, b.headers);
const stateOf = (response: CallResponse) => {
  expect(response.body.state).toBe('1');
  return response.body.result as OrderState;
};
const passesLeftOf = async (dpid: string) => {
  const [row] = await t.app.db.select().from(memberships).where(eq(memberships.dpid, dpid));
  return row!.passesPerYear + row!.passesBought - row!.passesUsed;
};

describe('membership/charge-price/get', () => {
  it("an active membership: its issuer's pass packs, priced in minor units", async () => {
    const b = await buyer();
    const { body } = await t.call(calls.chargePrices, {}, b.headers);
    expect(body).toMatchObject({ state: '1' });
    const { dpid, items } = body.result as { dpid: string; items: ChargePrice[] };
    expect(dpid).toBe(b.own.dpid);
    expect(items).toEqual([
      {
        item: 'pass-pack:1',
        kind: 'pass-pack',
        description: '1 lounge pass',
        passes: 1,
        validUntil: '2029-11-30',
        amount: 3200,
        currency: 'GBP',
      },
      {
        item: 'pass-pack:5',
        kind: 'pass-pack',
        description: '5 lounge passes',
        passes: 5,
        validUntil: '2029-11-30',
        amount: 12500,
        currency: 'GBP',
      },
      {
        item: 'pass-pack:10',
        kind: 'pass-pack',
        description: '10 lounge passes',
        passes: 10,
        validUntil: '2029-11-30',
        amount: 23000,
        currency: 'GBP',
      },
    ]);
  });

  it("pass packs say until when their passes can be spent: the membership's expiry (issue 60)", async () => {
    const b = await buyer({ expiresOn: '2027-03-31' });
    const { body } = await t.call(calls.chargePrices, {}, b.headers);
    const { items } = body.result as { items: ChargePrice[] };
    expect(items.map((i) => i.validUntil)).toEqual(['2027-03-31', '2027-03-31', '2027-03-31']);
  });

  it('another issuer sells other packs', async () => {
    const b = await buyer({ issuer: 'barclays', cardType: 'travel-pack' });
    const { body } = await t.call(calls.chargePrices, {}, b.headers);
    expect((body.result as { items: ChargePrice[] }).items.map((i) => [i.item, i.amount])).toEqual([
      ['pass-pack:1', 3000],
      ['pass-pack:5', 12000],
    ]);
  });

  it('an expired membership: only its renewal, from today as it expired before', async () => {
    const b = await buyer({
      issuer: 'coop',
      cardType: 'premier',
      status: 'expired',
      expiresOn: '2026-10-31',
    });
    const { body } = await t.call(calls.chargePrices, {}, b.headers);
    expect((body.result as { items: ChargePrice[] }).items).toEqual([
      {
        item: 'renewal:12',
        kind: 'renewal',
        description: 'Membership renewal for 12 months',
        passes: 0,
        renewsUntil: '2027-11-25',
        amount: 9500,
        currency: 'GBP',
      },
    ]);
  });

  it('an issuer that sells no renewal: nothing for an expired membership', async () => {
    const b = await buyer({ status: 'expired', expiresOn: '2026-10-31' });
    const { body } = await t.call(calls.chargePrices, {}, b.headers);
    expect((body.result as { items: ChargePrice[] }).items).toEqual([]);
  });

  it('a suspended membership can buy nothing', async () => {
    const b = await buyer({ status: 'suspended' });
    expectFailure(await t.call(calls.chargePrices, {}, b.headers), 'membershipSuspended');
  });
});

describe('membership/charge-price/v2a/prepare-order', () => {
  it('a card that pays: fulfilled at once, the passes added, one receipt', async () => {
    const b = await buyer();
    const cardId = await savedCard(t, b.user.id, PAYS);
    const state = stateOf(await prepare(b, cardId));
    expect(state).toMatchObject({
      outcome: 'fulfilled',
      amount: 12500,
      currency: 'GBP',
      lines: [
        { item: 'pass-pack:5', description: '5 lounge passes', quantity: 1, unitAmount: 12500 },
      ],
      membership: {
        dpid: b.own.dpid,
        inUse: true,
        entitlements: { passesBought: 5, passesLeft: 9 },
      },
    });
    expect(state.reference).toMatch(/^OR[0-9A-Z]{8}$/);
    expect(await passesLeftOf(b.own.dpid)).toBe(9);
    const receipts = await messagesTo(t, b.user.email, 'email');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe(`Payment complete: order ${state.reference}`);
    expect(receipts[0]?.body).toContain('Total paid: £125.00');
    // The card charged and the day (issue 60).
    expect(receipts[0]?.body).toContain('Paid on Wed 25 Nov 2026 with Visa ending 1111');
    expect(receipts[0]?.body).toContain('Passes left: 9.');
  });

  it('a retry with the same key answers the same order and charges nothing more', async () => {
    const b = await buyer();
    const cardId = await savedCard(t, b.user.id, PAYS);
    const k = key();
    const first = stateOf(await prepare(b, cardId, 'pass-pack:5', k));
    const again = stateOf(await prepare(b, cardId, 'pass-pack:5', k));
    expect(again).toMatchObject({ orderId: first.orderId, outcome: 'fulfilled' });
    expect(await passesLeftOf(b.own.dpid)).toBe(9);
    const payments = provider.psp.app.sandbox.store
      .snapshot()
      .payments.filter((p: { orderId?: string }) => p.orderId === first.orderId);
    expect(payments).toHaveLength(1);
    // The same key for another purchase: refused, no second order.
    expectFailure(await prepare(b, cardId, 'pass-pack:1', k), 'orderKeyReused');
  });

  it('the server prices the order: an amount or currency in the payload is refused', async () => {
    const b = await buyer();
    const cardId = await savedCard(t, b.user.id, PAYS);
    expectFailure(
      await t.call(
        calls.prepareMembershipOrder,
        unchecked({
          item: 'pass-pack:5',
          cardId,
          idempotencyKey: key(),
          amount: 1,
          currency: 'JPY',
        }),
        b.headers,
      ),
      'invalidRequest',
    );
    // An item the issuer does not sell, or a pack of another size.
    expectFailure(await prepare(b, cardId, 'pass-pack:7'), 'invalidRequest');
    expectFailure(await prepare(b, cardId, 'renewal:12'), 'invalidRequest');
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, b.user.id))).toEqual([]);
  });

  it("someone else's card, or an expired one: not found, nothing charged", async () => {
    const b = await buyer();
    const other = await buyer();
    const theirs = await savedCard(t, other.user.id, PAYS);
    expectFailure(await prepare(b, theirs), 'notFound');
    const expired = await savedCard(t, b.user.id, PAYS, { expiryYear: 2025 });
    expectFailure(await prepare(b, expired), 'notFound');
    expectFailure(await prepare(b, 'not-a-card'), 'notFound');
  });

  it('a suspended membership cannot buy; an expired one only its renewal', async () => {
    const suspended = await buyer({ status: 'suspended' });
    const card = await savedCard(t, suspended.user.id, PAYS);
    expectFailure(await prepare(suspended, card), 'membershipSuspended');
    const expired = await buyer({
      issuer: 'coop',
      cardType: 'premier',
      status: 'expired',
      expiresOn: '2026-10-31',
    });
    const card2 = await savedCard(t, expired.user.id, PAYS);
    expectFailure(await prepare(expired, card2, 'pass-pack:5'), 'invalidRequest');
    const renewed = stateOf(await prepare(expired, card2, 'renewal:12'));
    expect(renewed).toMatchObject({
      outcome: 'fulfilled',
      amount: 9500,
      membership: { status: 'active', expiresOn: '2027-11-25' },
    });
  });

  it('a declined card: failed with the provider’s reason, nothing added', async () => {
    const b = await buyer();
    const cardId = await savedCard(t, b.user.id, DECLINES);
    const state = stateOf(await prepare(b, cardId));
    expect(state).toMatchObject({ outcome: 'failed', failureReason: '430285' });
    expect(await passesLeftOf(b.own.dpid)).toBe(4);
    expect(await messagesTo(t, b.user.email, 'email')).toEqual([]);
  });

  it('3-D Secure: authenticate, the challenge passed, then the status settles it once', async () => {
    const b = await buyer();
    const cardId = await savedCard(t, b.user.id, CHALLENGES);
    const state = stateOf(await prepare(b, cardId));
    expect(state.outcome).toBe('authenticate');
    const back = await answerChallenge(state.threeDSRedirectUrl!, 'approve');
    expect(back.pathname).toBe('/membership/buy');
    expect(back.searchParams.get('orderId')).toBe(state.orderId);
    const [a, c] = await Promise.all([status(b, state.orderId), status(b, state.orderId)]);
    expect(stateOf(a).outcome).toBe('fulfilled');
    expect(stateOf(c).outcome).toBe('fulfilled');
    expect(await passesLeftOf(b.own.dpid)).toBe(9);
    expect(await messagesTo(t, b.user.email, 'email')).toHaveLength(1);
  });

  it('3-D Secure declined: failed, nothing added', async () => {
    const b = await buyer();
    const cardId = await savedCard(t, b.user.id, CHALLENGES);
    const state = stateOf(await prepare(b, cardId));
    await answerChallenge(state.threeDSRedirectUrl!, 'decline');
    expect(stateOf(await status(b, state.orderId)).outcome).toBe('failed');
    expect(await passesLeftOf(b.own.dpid)).toBe(4);
  });

  it('3-D Secure abandoned: still awaiting until its time-out, then failed, nothing charged', async () => {
    const b = await buyer();
    const cardId = await savedCard(t, b.user.id, CHALLENGES);
    const state = stateOf(await prepare(b, cardId));
    expect(stateOf(await status(b, state.orderId)).outcome).toBe('authenticate');
    t.clock.advance(30 * 60_000);
    expect(stateOf(await status(b, state.orderId))).toMatchObject({
      outcome: 'failed',
      failureReason: 'not-authenticated',
    });
    expect(await passesLeftOf(b.own.dpid)).toBe(4);
  });

  it('an answer lost on the way: pending, then settled from the payment the provider took', async () => {
    const b = await buyer();
    const cardId = await savedCard(t, b.user.id, ANSWER_LOST);
    const state = stateOf(await prepare(b, cardId));
    expect(state.outcome).toBe('pending');
    expect(stateOf(await status(b, state.orderId)).outcome).toBe('fulfilled');
    expect(await passesLeftOf(b.own.dpid)).toBe(9);
  });
});

describe('membership/charge-price/v2a/check-payment-status', () => {
  it("someone else's order, or no order: not found", async () => {
    const b = await buyer();
    const other = await buyer();
    const cardId = await savedCard(t, other.user.id, PAYS);
    const theirs = stateOf(await prepare(other, cardId));
    expectFailure(await status(b, theirs.orderId), 'notFound');
    expectFailure(await status(b, '00000000-0000-4000-8000-000000000000'), 'notFound');
    expectFailure(await status(b, 'x'), 'notFound');
  });
});

describe('the reconciler', () => {
  it('settles an order whose answer was lost and whose page never asked again', async () => {
    const b = await buyer();
    const cardId = await savedCard(t, b.user.id, ANSWER_LOST);
    const state = stateOf(await prepare(b, cardId));
    expect(state.outcome).toBe('pending');
    // Not yet: the page has its two minutes.
    expect((await t.app.checkout.reconcile()).looked).toBe(0);
    t.clock.advance(121_000);
    const report = await t.app.checkout.reconcile();
    expect(report.outcomes.fulfilled).toBeGreaterThanOrEqual(1);
    expect(await passesLeftOf(b.own.dpid)).toBe(9);
    expect(await messagesTo(t, b.user.email, 'email')).toHaveLength(1);
    // A second round finds nothing of it left.
    await t.app.checkout.reconcile();
    expect(await passesLeftOf(b.own.dpid)).toBe(9);
  });

  it('refunds an order paid for a membership that was suspended meanwhile', async () => {
    const b = await buyer();
    const cardId = await savedCard(t, b.user.id, ANSWER_LOST);
    const state = stateOf(await prepare(b, cardId));
    await t.app.db
      .update(memberships)
      .set({ status: 'suspended' })
      .where(eq(memberships.dpid, b.own.dpid));
    t.clock.advance(121_000);
    await t.app.checkout.reconcile();
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, state.orderId));
    expect(order).toMatchObject({
      status: 'refund-pending',
      failureReason: 'membership-unavailable',
    });
    expect(await passesLeftOf(b.own.dpid)).toBe(4);

    // The refund job hands it to the provider, marks it refunded and mails the member, once.
    expect(await t.app.checkout.refund()).toMatchObject({ refunded: 1, failed: 0 });
    expect(await t.app.checkout.refund()).toMatchObject({ refunded: 0, failed: 0 });
    const [refunded] = await t.app.db.select().from(orders).where(eq(orders.id, state.orderId));
    expect(refunded?.status).toBe('refunded');
    const payment = await t.app.paymentProvider.findPaymentForOrder(state.orderId);
    expect(payment?.status).toBe('REFUNDED');
    const mails = (await messagesTo(t, b.user.email, 'email')).map((m) => m.subject);
    expect(mails).toEqual([`Refund of order ${state.reference}`]);
  });

  it('a refund the provider cannot take now is tried again later, backing off, until it is', async () => {
    const b = await buyer();
    const cardId = await savedCard(t, b.user.id, PAYS);
    const state = stateOf(await prepare(b, cardId));
    await t.app.db
      .update(orders)
      .set({ status: 'refund-pending' })
      .where(eq(orders.id, state.orderId));
    const refund = vi
      .spyOn(t.app.paymentProvider, 'refund')
      .mockRejectedValueOnce(new Error('the provider is down'));
    expect(await t.app.checkout.refund()).toMatchObject({ refunded: 0, failed: 1 });
    const [waiting] = await t.app.db.select().from(orders).where(eq(orders.id, state.orderId));
    expect(waiting).toMatchObject({ status: 'refund-pending', refundAttempts: 1 });
    // Not due yet: nothing is tried.
    expect(await t.app.checkout.refund()).toMatchObject({ refunded: 0, failed: 0 });
    t.clock.advance(30_000);
    expect(await t.app.checkout.refund()).toMatchObject({ refunded: 1 });
    expect(refund).toHaveBeenCalledTimes(2);
    refund.mockRestore();
  });
});
