import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { providerEvents } from '../../db/schema';
import { paymentSchema } from '../payment-provider';
import { applyPayment, type ChargeDeps } from './charge';
import { findOrder } from './order-states';
import type { Fulfilments } from './reconcile';

/** The provider's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'x-sandbox-signature';
/** A signature older or newer than this (by our clock) is refused: a replay, or a clock adrift. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Whether the raw body was signed with our shared secret within the tolerance. Compared in
 * constant time; any header that is not exactly the provider's shape is refused.
 */
export function verifySignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  now: Date,
): boolean {
  const parts = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!parts) return false;
  const [, t, given] = parts as unknown as [string, string, string];
  if (Math.abs(now.getTime() / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

export const providerEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.literal('payment.status'),
  createdAt: z.string(),
  payment: paymentSchema,
});
export type ProviderEvent = z.infer<typeof providerEventSchema>;

export type EventOutcome = 'applied' | 'duplicate' | 'not-ours' | 'refused';

/** What an event decided, and for one refused, why (the webhook route logs it). */
export interface EventResult {
  outcome: EventOutcome;
  refusal?: { orderId: string; order: Money; event: Money; provider: Money };
}

interface Money {
  amount: number;
  currency: string;
}
const moneyOf = ({ amount, currency }: Money): Money => ({ amount, currency });
const sameMoney = (a: Money, b: Money) => a.amount === b.amount && a.currency === b.currency;

/**
 * Applies one payment event from the provider, at least once delivered and in any order. A
 * signed event is a notice, not the truth: the provider is asked for the payment (as the
 * reconciler does) and its answer is applied, never the event's own status. An event or a
 * payment whose amount or currency is not the order's is refused (and not recorded: should it
 * come again, it is judged again). The event id is recorded in the same transaction as the
 * work, so a redelivery finds it and does nothing, and should the work fail the id is not kept
 * (the provider retries). Each move is conditional (applyPayment), so an older status arriving
 * after a newer one changes nothing.
 */
export async function applyProviderEvent(
  deps: ChargeDeps,
  fulfilments: Fulfilments,
  event: ProviderEvent,
): Promise<EventResult> {
  const order = await findOrder(deps.db, event.payment.orderId);
  if (!order || (order.providerPaymentId && order.providerPaymentId !== event.payment.paymentId)) {
    return { outcome: 'not-ours' };
  }
  const fulfil = fulfilments.get(order.purpose);
  if (!fulfil) throw new Error(`no fulfilment registered for ${order.purpose}`);
  const payment = await deps.provider.getPayment(event.payment.paymentId);
  if (!payment || payment.orderId !== order.id) return { outcome: 'not-ours' };
  if (!sameMoney(order, event.payment) || !sameMoney(order, payment)) {
    return {
      outcome: 'refused',
      refusal: {
        orderId: order.id,
        order: moneyOf(order),
        event: moneyOf(event.payment),
        provider: moneyOf(payment),
      },
    };
  }
  return deps.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(providerEvents)
      .values({ eventId: event.id, orderId: order.id, type: event.type, receivedAt: deps.now() })
      .onConflictDoNothing()
      .returning({ eventId: providerEvents.eventId });
    if (!recorded) return { outcome: 'duplicate' };
    await applyPayment({ ...deps, db: tx }, order.id, payment, fulfil);
    return { outcome: 'applied' };
  });
}
