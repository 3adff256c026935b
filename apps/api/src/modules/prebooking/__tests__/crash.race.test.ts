import { calls, type Hold, type Slot } from '@portal/contract';
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
import { bookings, orders, outbox, productSlots, slotHolds } from '../../../db/schema';

/*
 * A crash between "charged" and "booked": the API (a process of its own) charges a lounge
 * booking's guest fee; the provider takes the payment and answers slowly (the …0259 card); the
 * API is killed with SIGKILL before the answer. Restarted, its reconciler learns the order was
 * paid and makes the booking once, with the places the hold kept for it.
 */
let t: TestApp;
let sandbox: ServiceProcess & { env: { PSP_URL: string; PSP_API_KEY: string } };
let api: ApiProcess | undefined;
beforeAll(async () => {
  sandbox = await startSandboxProcess();
  t = await createTestApp({ now: new Date().toISOString(), env: sandbox.env });
}, 120_000);
afterAll(async () => {
  await api?.stop();
  await t?.close();
  await sandbox?.stop();
});

const LOUNGE = 'LHR-LNG-1';

describe('the API killed after the provider took a booking payment', () => {
  it('is booked once by the reconciler after a restart: one booking, its places, one email', async () => {
    const databaseUrl = t.databaseUrl;
    if (!databaseUrl) throw new Error('the race project runs on PostgreSQL');
    const m = await memberWithSession(t, { email: 'crash.booker@example.com' });
    const own = await insertMembership(t.app.db, { userId: m.user.id, passesPerYear: 0 });
    const cardId = await savedCard(t, m.user.id, '4000000000000259');
    const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const grid = await t.call(calls.availableTimes, { code: LOUNGE, date }, m.headers);
    const time = (grid.body.result as { slots: Slot[] }).slots.find(
      (s) => s.state === 'open',
    )!.time;
    const held = await t.call(
      calls.startPreBooking,
      { code: LOUNGE, date, time, flightNumber: 'BA1234', guests: [], dpid: own.dpid },
      m.headers,
    );
    const { holdId } = held.body.result as Hold;

    api = await startApiProcess(databaseUrl, sandbox.env);
    const paying = api
      .call(
        calls.prepareBookingOrder,
        { holdId, cardId, idempotencyKey: 'crash-test-booking-1' },
        m.headers,
      )
      .catch(() => undefined);
    const order = await until('the order', async () => {
      const [row] = await t.app.db.select().from(orders).where(eq(orders.userId, m.user.id));
      return row?.chargeAskedAt ? row : undefined;
    });
    await capturedAtProvider(sandbox, order.id);
    await api.kill();
    await paying;
    expect(await t.app.db.select().from(bookings).where(eq(bookings.orderId, order.id))).toEqual(
      [],
    );

    // Restarted twice: the reconciler books it in its first round, and never again.
    for (let i = 0; i < 2; i++) {
      await api.stop();
      api = await startApiProcess(databaseUrl, {
        ...sandbox.env,
        CHARGE_SETTLE_AFTER_SECONDS: '0',
      });
      await until('the order fulfilled', async () => {
        const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
        return row?.status === 'fulfilled' ? row : undefined;
      });
    }
    const made = await t.app.db.select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(made).toHaveLength(1);
    const [hold] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, holdId));
    expect(hold?.releaseReason).toBe('confirmed');
    const [slot] = await t.app.db
      .select({ taken: productSlots.taken })
      .from(productSlots)
      .where(eq(productSlots.id, hold!.slotId));
    expect(slot?.taken).toBe(1);
    const emails = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, m.user.email), eq(outbox.channel, 'email')));
    expect(emails.map((e) => e.subject)).toEqual([
      `Lounge booking confirmed: ${made[0]!.reference}`,
    ]);
  }, 120_000);
});
