import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addFivePasses, FIVE_PASSES, passesPerYearOf } from '../../../test/checkout-fixtures';
import { insertMembership, insertUser } from '../../../test/fixtures';
import { freePort } from '../../../test/free-port';
import {
  encryptCard,
  productIdOf,
  startTestProvider,
  testCard,
  type TestProvider,
} from '../../../test/payment-provider';
import { raceAtLock } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { loadEnv } from '../../config/env';
import { attemptLocks } from '../../db/schema';
import {
  applyPayment,
  cardAttemptPolicy,
  chargeOrder,
  findOrder,
  openOrder,
  orderOfReturnRef,
  settleOrder,
  spendReturnRef,
  type ChargeDeps,
  type Fulfil,
} from '../checkout';
import { returnRefHash } from '../checkout/return-ref';
import { createPaymentProvider, type PaymentProvider } from '../payment-provider';
import { paymentProviderConfig } from '../payment-provider-config';

/*
 * Charging an order through the provider's stand-in, card by card (its README, "Test cards"):
 * what the engine makes of each answer, and how a lost answer is settled later.
 */
const RETURN_URL = 'http://localhost:3000/membership/buy?step=3ds';
let provider: TestProvider;
let client: PaymentProvider;
let t: TestApp;
let deps: ChargeDeps;
beforeAll(async () => {
  provider = await startTestProvider();
  client = createPaymentProvider(
    paymentProviderConfig(loadEnv({ NODE_ENV: 'test', ...provider.env })),
  );
  t = await createTestApp({ now: '2026-11-25T10:00:00Z', env: provider.env, poolSize: 8 });
  deps = {
    db: t.app.db,
    provider: client,
    now: () => t.clock.now(),
    cardAttempts: cardAttemptPolicy(1),
  };
});
// A spy outlives a failed expectation unless it is restored here.
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

let serial = 0;
/** A member's order of 5 passes on their membership, and a saved card's token. */
async function orderPaidWith(cardNumber: string) {
  serial += 1;
  const user = await insertUser(t.app.db, { email: `charge.${serial}@example.com` });
  const { dpid } = await insertMembership(t.app.db, { userId: user.id, passesPerYear: 6 });
  const { order } = await openOrder(
    t.app.db,
    {
      userId: user.id,
      idempotencyKey: `charge-${serial}`,
      purpose: 'passes',
      subject: dpid,
      lines: FIVE_PASSES,
      currency: 'GBP',
    },
    t.clock.now(),
  );
  const session = await client.createSession({ customerId: `customer-${serial}` });
  const encryptedCustomerInput = await encryptCard(
    session,
    testCard(cardNumber),
    productIdOf(cardNumber),
  );
  const token = await client.createToken({ encryptedCustomerInput, returnUrl: RETURN_URL });
  if (token.outcome !== 'created') throw new Error(`card ${cardNumber} was not saved`);
  return { order, dpid, card: { token: token.token.id, returnUrl: RETURN_URL } };
}

let fulfilled = 0;
const addPasses: Fulfil = async (tx, order, now) => {
  fulfilled += 1;
  await addFivePasses(tx, order, now);
};
const passesOf = (dpid: string) => passesPerYearOf(t.app.db, dpid);

describe('guard: a charge is asked once (`charge_asked_at is null` in checkout/charge.ts)', () => {
  it('4 charges of one order held before they mark it: the provider is asked once', async () => {
    const { order, dpid, card } = await orderPaidWith('4111111111111111');
    const createPayment = vi.spyOn(client, 'createPayment');
    const fulfilledBefore = fulfilled;
    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from orders where id = ${order.id} for update`,
      calls: Array.from({ length: 4 }, () => () => chargeOrder(deps, order, card, addPasses)),
    });
    expect(waited).toBe(4);
    expect(createPayment).toHaveBeenCalledTimes(1);
    // One caller asked and fulfilled; the others were told where the order stood when they
    // looked: still under way, or already fulfilled by the one who asked.
    expect(fulfilled - fulfilledBefore).toBe(1);
    for (const r of results) expect(['fulfilled', 'pending']).toContain(r.outcome);
    expect(results.some((r) => r.outcome === 'fulfilled')).toBe(true);
    expect(await passesOf(dpid)).toBe(11);
  });
});

describe('guard: a decline counts once (the move to failed in checkout/charge.ts applyPayment)', () => {
  it('a decline learnt by 4 callers at once (page, webhook, reconciler): counted once', async () => {
    const { order } = await orderPaidWith('4111111111111111');
    const declined = {
      paymentId: `pay-${order.id}`,
      status: 'REJECTED' as const,
      errorCode: '430285',
      amount: order.amount,
      currency: order.currency,
      orderId: order.id,
      refundedAmount: 0,
    };
    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from orders where id = ${order.id} for update`,
      calls: Array.from(
        { length: 4 },
        () => () => applyPayment(deps, order.id, declined, addPasses),
      ),
    });
    expect(waited).toBe(4);
    for (const r of results) expect(r).toMatchObject({ outcome: 'failed', reason: '430285' });
    const [counted] = await t.app.db
      .select({ failures: attemptLocks.failures })
      .from(attemptLocks)
      .where(eq(attemptLocks.key, `card-attempts:member:${order.userId}`));
    expect(counted?.failures).toBe(1);
  });
});

describe('guard: a return reference tells its outcome once (`return_ref_used_at is null` in checkout/return-ref.ts)', () => {
  it('4 browsers back with one reference at once: one is told, the others find nothing', async () => {
    const { order } = await orderPaidWith('4111111111111111');
    const ref = `ref-${order.id}`;
    await t.app.db.execute(
      sql`update orders set return_ref_hash = ${returnRefHash(ref)}, charge_asked_at = ${t.clock.now()} where id = ${order.id}`,
    );
    const found = await orderOfReturnRef(t.app.db, ref, t.clock.now());
    expect(found?.id).toBe(order.id);
    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from orders where id = ${order.id} for update`,
      calls: Array.from(
        { length: 4 },
        () => () => spendReturnRef(t.app.db, order.id, t.clock.now()),
      ),
    });
    expect(waited).toBe(4);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await orderOfReturnRef(t.app.db, ref, t.clock.now())).toBeUndefined();
  });
});

describe('charging an order', () => {
  it('a card that pays: paid, then fulfilled at once; asking again charges nothing more', async () => {
    const { order, dpid, card } = await orderPaidWith('4111111111111111');
    const charged = await chargeOrder(deps, order, card, addPasses);
    expect(charged.outcome).toBe('fulfilled');
    expect(charged.order).toMatchObject({ status: 'fulfilled', amount: 12_500 });
    expect(charged.order.chargeAskedAt).toEqual(t.clock.now());
    expect(await passesOf(dpid)).toBe(11);
    // A double click: the charge was asked once; the second call is told where it stands
    // without asking the provider again.
    const createPayment = vi.spyOn(client, 'createPayment');
    expect((await chargeOrder(deps, order, card, addPasses)).outcome).toBe('fulfilled');
    expect(createPayment).not.toHaveBeenCalled();
    expect(await passesOf(dpid)).toBe(11);
  });

  it('a card refused for want of funds: failed with the reason, nothing added', async () => {
    const { order, dpid, card } = await orderPaidWith('4000000000000341');
    const charged = await chargeOrder(deps, order, card, addPasses);
    expect(charged).toMatchObject({ outcome: 'failed', reason: '430285' });
    expect(await passesOf(dpid)).toBe(6);
  });

  it('3-D Secure at payment: awaiting, then settled from the provider once the cardholder approved', async () => {
    const { order, dpid, card } = await orderPaidWith('4000002760003184');
    const charged = await chargeOrder(deps, order, card, addPasses);
    if (charged.outcome !== 'authenticate')
      throw new Error(`expected a challenge: ${charged.outcome}`);
    expect(charged.order.status).toBe('awaiting-authentication');
    // The cardholder approves on the provider's page.
    const page = await fetch(charged.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
      redirect: 'manual',
    });
    expect(page.status).toBe(303);
    const settled = await settleOrder(
      deps,
      (await findOrder(t.app.db, order.id))!,
      addPasses,
      600_000,
    );
    expect(settled.outcome).toBe('fulfilled');
    expect(await passesOf(dpid)).toBe(11);
  });

  it('a lost answer: pending, then settled from the payment the provider took', async () => {
    const { order, dpid, card } = await orderPaidWith('4000000000000119');
    const charged = await chargeOrder(deps, order, card, addPasses);
    expect(charged.outcome).toBe('pending');
    expect(charged.order).toMatchObject({ status: 'created' });
    expect(charged.order.chargeAskedAt).not.toBeNull();
    const before = fulfilled;
    const settled = await settleOrder(deps, charged.order, addPasses, 600_000);
    expect(settled.outcome).toBe('fulfilled');
    expect(await passesOf(dpid)).toBe(11);
    // Settling again changes nothing.
    await settleOrder(deps, settled.order, addPasses, 600_000);
    expect(fulfilled - before).toBe(1);
  });

  it('an order the provider never charged is failed once it is given up on', async () => {
    const { order, card } = await orderPaidWith('4111111111111111');
    const down = createPaymentProvider({
      ...paymentProviderConfig(loadEnv({ NODE_ENV: 'test', ...provider.env }))!,
      baseUrl: `http://127.0.0.1:${await freePort()}`,
    });
    const unreachable = { ...deps, provider: down };
    // Nothing listens there: the request never left, so the order fails at once.
    const charged = await chargeOrder(unreachable, order, card, addPasses);
    expect(charged).toMatchObject({ outcome: 'failed', reason: 'provider-unavailable' });

    const { order: other } = await orderPaidWith('4111111111111111');
    await t.app.db.execute(
      sql`update orders set charge_asked_at = ${t.clock.now().toISOString()} where id = ${other.id}`,
    );
    const asked = (await findOrder(t.app.db, other.id))!;
    expect((await settleOrder(deps, asked, addPasses, 600_000)).outcome).toBe('pending');
    t.clock.advance(600_000);
    expect(await settleOrder(deps, asked, addPasses, 600_000)).toMatchObject({
      outcome: 'failed',
      reason: 'not-charged',
    });
  });
});
