import { calls, type OrderState } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithSession, messagesTo } from '../../../../test/call-helpers';
import { savedCard } from '../../../../test/checkout-fixtures';
import { insertMembership } from '../../../../test/fixtures';
import {
  answerChallenge,
  startTestProvider,
  type TestProvider,
} from '../../../../test/payment-provider';
import { raceAtLock } from '../../../../test/race';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { memberships, orders, providerEvents } from '../../../db/schema';
import { WEBHOOK_PATH } from '../../../plugins/checkout';
import { findOrder, type ProviderEvent } from '../../../platform/checkout';

/*
 * The provider's word wins, even with the page closed: its signed webhooks arrive at least
 * once and in any order, and the order is fulfilled once (PostgreSQL: the copies really
 * overlap).
 */
const SECRET = 'whsec_membership_webhooks_test_secret';
let provider: TestProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startTestProvider({
    webhookUrl: `http://portal.test${WEBHOOK_PATH}`,
    webhookSecret: SECRET,
    // Each event twice, held and sent newest first; delivered into the app in-process.
    webhooks: {
      duplicates: true,
      outOfOrder: true,
      holdMs: 60_000,
      transport: async (request) =>
        (
          await t.app.inject({
            method: 'POST',
            url: new URL(request.url).pathname,
            headers: request.headers,
            payload: request.body,
          })
        ).statusCode,
    },
    now: () => t.clock.now().getTime(),
  });
  t = await createTestApp({
    now: '2026-11-25T10:00:00Z',
    env: { ...provider.env, PSP_WEBHOOK_SECRET: SECRET },
    poolSize: 8,
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

let serial = 0;
async function buyerWithCard(cardNumber: string) {
  serial += 1;
  const m = await memberWithSession(t, { email: `webhooks.${serial}@example.com` });
  const own = await insertMembership(t.app.db, { userId: m.user.id, passesPerYear: 4 });
  const cardId = await savedCard(t, m.user.id, cardNumber);
  return { ...m, own, cardId };
}
const prepare = async (b: Awaited<ReturnType<typeof buyerWithCard>>) => {
  const { body } = await t.call(
    calls.prepareMembershipOrder,
    { item: 'pass-pack:5', cardId: b.cardId, idempotencyKey: `webhooks-order-${serial}` },
    b.headers,
  );
  expect(body.state).toBe('1');
  return body.result as OrderState;
};
const passesBought = async (dpid: string) =>
  (await t.app.db.select().from(memberships).where(eq(memberships.dpid, dpid)))[0]?.passesBought;

describe('signed payment webhooks', () => {
  it('the tab closed during 3-D Secure: the webhooks, twice each and newest first, fulfil once', async () => {
    const b = await buyerWithCard('4000002760003184');
    const state = await prepare(b);
    expect(state.outcome).toBe('authenticate');
    await answerChallenge(state.threeDSRedirectUrl!, 'approve');
    // The page never asks again; the provider's events are all there is.
    await provider.psp.webhooks.flush();
    await provider.psp.webhooks.idle();
    const order = await findOrder(t.app.db, state.orderId);
    expect(order?.status).toBe('fulfilled');
    expect(await passesBought(b.own.dpid)).toBe(5);
    expect(await messagesTo(t, b.user.email, 'email')).toHaveLength(1);
    // Two events (awaiting, captured), each recorded once however often it came.
    const events = await t.app.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.orderId, state.orderId));
    expect(events).toHaveLength(2);
  });

  it('a body not signed with the secret, or signed too long ago, is refused', async () => {
    const body = JSON.stringify({ id: 'evt_forged', type: 'payment.status' });
    const post = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
        payload: body,
      });
    expect((await post('t=1,v1=' + '0'.repeat(64))).statusCode).toBe(401);
    expect((await post('nonsense')).statusCode).toBe(401);
    const { signWebhook } = await import('@portal/psp-sandbox');
    const old = Math.floor(t.clock.now().getTime() / 1000) - 301;
    expect((await post(signWebhook(SECRET, body, old))).statusCode).toBe(401);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    // Signed and fresh but not an event: acknowledged, nothing done.
    expect((await post(signWebhook(SECRET, body, now))).statusCode).toBe(202);
  });

  it('4 copies of the capture and the status poll, held at the order: fulfilled once', async () => {
    const b = await buyerWithCard('4000002760003184');
    const state = await prepare(b);
    await answerChallenge(state.threeDSRedirectUrl!, 'approve');
    const held = provider.psp.webhooks.events();
    const capture: ProviderEvent | undefined = held.find(
      (e) => e.payment.orderId === state.orderId && e.payment.status === 'CAPTURED',
    );
    if (!capture) throw new Error('no capture event');
    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from ${orders} where id = ${state.orderId} for update`,
      calls: [
        ...Array.from(
          { length: 4 },
          () => async () => (await t.app.checkout.applyEvent(capture)).outcome,
        ),
        async () => {
          const { body } = await t.call(
            calls.checkMembershipPayment,
            { orderId: state.orderId },
            b.headers,
          );
          return (body.result as OrderState).outcome;
        },
      ],
    });
    expect(waited).toBe(5);
    expect(results.filter((r) => r === 'applied')).toHaveLength(1);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(3);
    expect(await passesBought(b.own.dpid)).toBe(5);
    expect(await messagesTo(t, b.user.email, 'email')).toHaveLength(1);
    await provider.psp.webhooks.flush();
    await provider.psp.webhooks.idle();
    expect(await passesBought(b.own.dpid)).toBe(5);
  });
});
