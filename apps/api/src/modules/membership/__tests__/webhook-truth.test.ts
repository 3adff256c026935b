import { calls, type OrderState } from '@portal/contract';
import { signWebhook } from '@portal/psp-sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memberWithSession } from '../../../../test/call-helpers';
import { savedCard } from '../../../../test/checkout-fixtures';
import { insertMembership } from '../../../../test/fixtures';
import {
  answerChallenge,
  startTestProvider,
  type TestProvider,
} from '../../../../test/payment-provider';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { memberships } from '../../../db/schema';
import { WEBHOOK_PATH } from '../../../plugins/checkout';
import { findOrder, type Order } from '../../../platform/checkout';

/*
 * A signed webhook is a notice, not the truth (issue 61, item 4): the order follows what the
 * provider itself says of the payment, an event not for the order's money is refused and
 * logged, and only a JSON body is read.
 */
const SECRET = 'whsec_webhook_truth_test_secret';
let provider: TestProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startTestProvider();
  t = await createTestApp({
    now: '2026-11-25T10:00:00Z',
    env: { ...provider.env, PSP_WEBHOOK_SECRET: SECRET },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const CHALLENGES = '4000002760003184';
let serial = 0;

/** A member's pass pack paid with a 3-D Secure card: the order, awaiting the cardholder. */
async function awaitingOrder() {
  serial += 1;
  const m = await memberWithSession(t, { email: `truth.${serial}@example.com` });
  const own = await insertMembership(t.app.db, { userId: m.user.id, passesPerYear: 4 });
  const cardId = await savedCard(t, m.user.id, CHALLENGES);
  const { body } = await t.call(
    calls.prepareMembershipOrder,
    { item: 'pass-pack:5', cardId, idempotencyKey: `webhook-truth-order-${serial}` },
    m.headers,
  );
  if (body.state !== '1') throw new Error(JSON.stringify(body));
  const state = body.result as OrderState;
  expect(state.outcome).toBe('authenticate');
  const order = await findOrder(t.app.db, state.orderId);
  if (!order?.providerPaymentId) throw new Error('the payment is not known');
  return { order, state, dpid: own.dpid };
}

const passesBought = async (dpid: string) =>
  (await t.app.db.select().from(memberships).where(eq(memberships.dpid, dpid)))[0]?.passesBought;
const statusOf = async (orderId: string) => (await findOrder(t.app.db, orderId))?.status;

/** A correctly signed payment event saying `status` (and the order's money, unless told). */
function signedEvent(
  order: Order,
  status: 'CAPTURED' | 'REJECTED',
  money: { amount?: number; currency?: string } = {},
) {
  serial += 1;
  const body = JSON.stringify({
    id: `evt_truth_${serial}`,
    type: 'payment.status',
    createdAt: t.clock.now().toISOString(),
    payment: {
      paymentId: order.providerPaymentId,
      status,
      amount: money.amount ?? order.amount,
      currency: money.currency ?? order.currency,
      orderId: order.id,
      refundedAmount: 0,
    },
  });
  const signature = signWebhook(SECRET, body, Math.floor(t.clock.now().getTime() / 1000));
  return (contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': contentType, 'x-sandbox-signature': signature },
      payload: body,
    });
}

describe('a signed payment event', () => {
  it('saying CAPTURED while the provider still waits for 3-D Secure fulfils nothing; the decline that follows fails the order', async () => {
    const { order, state, dpid } = await awaitingOrder();
    const capture = await signedEvent(order, 'CAPTURED')();
    expect(capture.statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('awaiting-authentication');
    expect(await passesBought(dpid)).toBe(0);

    // The cardholder declines at the bank: the provider's word, whatever an event says.
    await answerChallenge(state.threeDSRedirectUrl!, 'decline');
    expect((await signedEvent(order, 'CAPTURED')()).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('failed');
    expect(await passesBought(dpid)).toBe(0);
  });

  it("for another amount or currency than the order's is refused and logged; the right one is applied", async () => {
    const { order, state, dpid } = await awaitingOrder();
    await answerChallenge(state.threeDSRedirectUrl!, 'approve');
    const logged = vi.spyOn(t.app.log, 'error');
    for (const money of [{ amount: 200 }, { currency: 'EUR' }]) {
      const refused = await signedEvent(order, 'CAPTURED', money)();
      expect(refused.json()).toEqual({ received: true, outcome: 'refused' });
    }
    expect(logged).toHaveBeenCalledTimes(2);
    expect(logged.mock.calls[0]?.[0]).toMatchObject({
      orderId: order.id,
      order: { amount: order.amount, currency: order.currency },
      event: { amount: 200 },
    });
    expect(await statusOf(order.id)).toBe('awaiting-authentication');
    expect(await passesBought(dpid)).toBe(0);

    // The provider's own record must be for the order's money too.
    const getPayment = vi.spyOn(t.app.paymentProvider, 'getPayment');
    const real = await t.app.paymentProvider.getPayment(order.providerPaymentId!);
    getPayment.mockResolvedValueOnce({ ...real!, amount: order.amount + 100 });
    expect((await signedEvent(order, 'CAPTURED')()).json()).toMatchObject({ outcome: 'refused' });
    expect(await statusOf(order.id)).toBe('awaiting-authentication');

    expect((await signedEvent(order, 'CAPTURED')()).json()).toMatchObject({ outcome: 'applied' });
    expect(await statusOf(order.id)).toBe('fulfilled');
    expect(await passesBought(dpid)).toBe(5);
  });

  it('sent as text/plain is refused (415) and changes nothing', async () => {
    const { order, state, dpid } = await awaitingOrder();
    await answerChallenge(state.threeDSRedirectUrl!, 'approve');
    const send = signedEvent(order, 'CAPTURED');
    expect((await send('text/plain')).statusCode).toBe(415);
    expect(await statusOf(order.id)).toBe('awaiting-authentication');
    expect(await passesBought(dpid)).toBe(0);
    expect((await send()).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('fulfilled');
  });
});
