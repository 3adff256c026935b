import { calls } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  capturedAtProvider,
  startApiProcess,
  startSandboxProcess,
  until,
  type ApiProcess,
  type ServiceProcess,
} from '../../../../test/api-process';
import { memberWithSession } from '../../../../test/call-helpers';
import { savedCard } from '../../../../test/checkout-fixtures';
import { insertMembership } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { memberships, orders, outbox } from '../../../db/schema';

/*
 * A crash between "charged" and "fulfilled": the API (a process of its own) asks the provider
 * (another process) to charge; the provider takes the payment and answers slowly (the …0259
 * card); the API is killed with SIGKILL before the answer. Restarted, its reconciler finds the
 * order on its list, learns from the provider that it was paid, and fulfils it once.
 */
let t: TestApp;
let sandbox: ServiceProcess & { env: { PSP_URL: string; PSP_API_KEY: string } };
let api: ApiProcess | undefined;
beforeAll(async () => {
  sandbox = await startSandboxProcess();
  // This process's app only writes the fixtures (and makes the card's token at the provider).
  t = await createTestApp({ now: new Date().toISOString(), env: sandbox.env });
}, 120_000);
afterAll(async () => {
  await api?.stop();
  await t?.close();
  await sandbox?.stop();
});

describe('the API killed after the provider took the payment', () => {
  it('is fulfilled once by the reconciler after a restart: passes once, one receipt', async () => {
    const databaseUrl = t.databaseUrl;
    if (!databaseUrl) throw new Error('the race project runs on PostgreSQL');
    const m = await memberWithSession(t, { email: 'crash.buyer@example.com' });
    const own = await insertMembership(t.app.db, { userId: m.user.id, passesPerYear: 4 });
    const cardId = await savedCard(t, m.user.id, '4000000000000259');

    api = await startApiProcess(databaseUrl, sandbox.env);
    const buying = api
      .call(
        calls.prepareMembershipOrder,
        { item: 'pass-pack:5', cardId, idempotencyKey: 'crash-test-checkout-1' },
        m.headers,
      )
      .catch(() => undefined);
    const order = await until('the order', async () => {
      const [row] = await t.app.db.select().from(orders).where(eq(orders.userId, m.user.id));
      return row?.chargeAskedAt ? row : undefined;
    });
    // The provider has taken it (its own word), and the API is still waiting for the answer.
    await capturedAtProvider(sandbox, order.id);
    await api.kill();
    await buying;
    const [left] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(left?.status).toBe('created');

    // Restarted: the reconciler's first round runs once the app is ready.
    api = await startApiProcess(databaseUrl, {
      ...sandbox.env,
      CHARGE_SETTLE_AFTER_SECONDS: '0',
    });
    await until('the order fulfilled', async () => {
      const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
      return row?.status === 'fulfilled' ? row : undefined;
    });
    // Another restart settles nothing twice.
    await api.stop();
    api = await startApiProcess(databaseUrl, { ...sandbox.env, CHARGE_SETTLE_AFTER_SECONDS: '0' });
    const [membership] = await t.app.db
      .select()
      .from(memberships)
      .where(eq(memberships.dpid, own.dpid));
    expect(membership?.passesBought).toBe(5);
    const receipts = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, m.user.email), eq(outbox.channel, 'email')));
    expect(receipts.map((r) => r.subject)).toEqual([`Payment complete: order ${order.reference}`]);
  }, 120_000);
});
