import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import type { AttemptPolicy } from '../attempt-locks';
import { CallError } from '../call-error';
import {
  ProviderUnavailable,
  type PaymentProvider,
  type ProviderPayment,
} from '../payment-provider';
import { cardLockSeconds, countDecline } from './card-attempts';
import { CannotFulfil, fulfilOrder, type Fulfil } from './fulfil-order';
import { returnRefHash } from './return-ref';
import { findOrder, moveFreeOrder, moveOrder, type MoveDetails, type Order } from './order-states';

/** What the engine needs besides the order: the database, the provider, the time. */
export interface ChargeDeps {
  db: Tx;
  provider: PaymentProvider;
  now: () => Date;
  /** The budget against card testing each decline counts toward (card-attempts.ts). */
  cardAttempts: AttemptPolicy;
}

export type ChargeOutcome =
  /** `delivered`: what the fulfilment answered, when this call fulfilled the order. */
  | { outcome: 'fulfilled'; order: Order; delivered?: unknown }
  /** The issuer asks for 3-D Secure: send the browser there; it comes back to `returnUrl`. */
  | { outcome: 'authenticate'; order: Order; redirectUrl: string }
  | { outcome: 'failed'; order: Order; reason: string }
  /** Not known yet (an answer lost, a charge under way elsewhere): the status poll, a webhook or
   * the reconciler settles it. */
  | { outcome: 'pending'; order: Order };

const mustFind = async (db: Tx, orderId: string) => {
  const order = await findOrder(db, orderId);
  if (!order) throw new Error(`order ${orderId} is gone`);
  return order;
};

/** Where an order stands, as an outcome (for a caller who did not make the last move). */
function outcomeOf(order: Order, payment?: ProviderPayment): ChargeOutcome {
  if (order.status === 'fulfilled') return { outcome: 'fulfilled', order };
  // Paid but not deliverable any more: the money goes back, so to the member it failed.
  if (['failed', 'refund-pending', 'refunded'].includes(order.status)) {
    return { outcome: 'failed', order, reason: order.failureReason ?? 'failed' };
  }
  if (order.status === 'awaiting-authentication' && payment?.redirectUrl) {
    return { outcome: 'authenticate', order, redirectUrl: payment.redirectUrl };
  }
  return { outcome: 'pending', order };
}

/**
 * Applies what the provider says of an order's payment, by conditional moves only: captured ->
 * paid, then fulfilled with its fulfilment in the same transaction; waiting for 3-D Secure ->
 * awaiting-authentication; rejected -> failed. However many callers apply it at once (the
 * page, a webhook, the reconciler), each move happens once.
 */
export async function applyPayment(
  deps: ChargeDeps,
  orderId: string,
  payment: ProviderPayment,
  fulfil: Fulfil,
): Promise<ChargeOutcome> {
  const now = deps.now();
  const learnt = { providerPaymentId: payment.paymentId };
  // Still waiting for the charge's outcome, with or without a 3-D Secure challenge under way.
  const unsettled = async (to: 'paid' | 'failed', details: MoveDetails) =>
    (await moveOrder(deps.db, orderId, 'created', to, now, details)) ??
    (await moveOrder(deps.db, orderId, 'awaiting-authentication', to, now, details));
  if (payment.status === 'CAPTURED') {
    await unsettled('paid', learnt);
    await fulfilOrder(deps.db, orderId, now, fulfil);
    // Money taken for an order already failed (given up on before a late 3-D Secure success):
    // it goes back.
    await moveOrder(deps.db, orderId, 'failed', 'refund-pending', now, learnt);
  } else if (payment.status === 'PENDING_AUTHENTICATION') {
    await moveOrder(deps.db, orderId, 'created', 'awaiting-authentication', now, learnt);
  } else if (payment.status === 'REJECTED') {
    const declined = await unsettled('failed', {
      ...learnt,
      failureReason: payment.errorCode ?? 'rejected',
    });
    // Counted by the one caller whose move it was: a decline counts once, whoever learns it.
    if (declined?.userId) await countDecline(deps.db, declined.userId, deps.cardAttempts, now);
  }
  return outcomeOf(await mustFind(deps.db, orderId), payment);
}

/** The return address with the order's return reference added (`ref`). */
function withReturnRef(returnUrl: string, ref: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('ref', ref);
  return url.href;
}

/** A connection refused: the request never reached the provider, so nothing was charged. */
const neverSent = (err: unknown) =>
  err instanceof ProviderUnavailable &&
  (err.reason === 'not-configured' ||
    (err.reason === 'network' &&
      (err.cause as { cause?: { code?: string } } | undefined)?.cause?.code === 'ECONNREFUSED'));

/**
 * Charges an order opened by `openOrder`, with the saved card's provider token. First the order
 * is marked "charge asked" (committed, so a crash from here on leaves it on the reconciler's
 * list); only one caller gets to ask, others are answered where the order stands. The
 * provider is asked with the order id as its idempotency key, so a retry never charges twice.
 */
export async function chargeOrder(
  deps: ChargeDeps,
  order: Order,
  card: { token: string; returnUrl: string },
  fulfil: Fulfil,
): Promise<ChargeOutcome> {
  // The return from 3-D Secure carries a reference of its own (returnReference), kept hashed.
  const returnRef = randomBytes(32).toString('base64url');
  // Too many new cards or declines on the member's account (card testing): not charged, and
  // never to be: the order is closed, so a new checkout may follow once the wait is over.
  const locked = order.userId ? await cardLockSeconds(deps.db, order.userId, deps.now()) : 0;
  if (locked > 0) {
    await moveOrder(deps.db, order.id, 'created', 'failed', deps.now(), {
      failureReason: 'card-attempts-locked',
    });
    throw new CallError('cardAttemptsLocked', { time: locked });
  }
  const [asked] = await deps.db
    .update(orders)
    .set({
      chargeAskedAt: deps.now(),
      returnRefHash: returnRefHash(returnRef),
      updatedAt: deps.now(),
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'created'), isNull(orders.chargeAskedAt)))
    .returning();
  if (!asked) return outcomeOf(await mustFind(deps.db, order.id));

  let payment: ProviderPayment;
  try {
    payment = await deps.provider.createPayment({
      token: card.token,
      amount: asked.amount,
      currency: asked.currency,
      orderId: asked.id,
      returnUrl: withReturnRef(card.returnUrl, returnRef),
    });
  } catch (err) {
    if (neverSent(err)) {
      const failed = await moveOrder(deps.db, asked.id, 'created', 'failed', deps.now(), {
        failureReason: 'provider-unavailable',
      });
      return outcomeOf(failed ?? (await mustFind(deps.db, asked.id)));
    }
    // Sent, but the answer was lost (a timeout, a 5xx): whether it was taken is the
    // provider's to say, later.
    return { outcome: 'pending', order: await mustFind(deps.db, asked.id) };
  }
  return applyPayment(deps, asked.id, payment, fulfil);
}

/**
 * Settles an order whose charge was asked for, from the provider's word: the status poll, and
 * the reconciler for orders left behind (a lost answer, a crash, a closed tab). An order the
 * provider has no payment for after `giveUpAfterMs` is failed: nothing was charged.
 */
export async function settleOrder(
  deps: ChargeDeps,
  order: Order,
  fulfil: Fulfil,
  giveUpAfterMs: number,
): Promise<ChargeOutcome> {
  if (
    !order.chargeAskedAt ||
    !['created', 'awaiting-authentication', 'paid'].includes(order.status)
  ) {
    return outcomeOf(order);
  }
  if (order.status === 'paid') {
    await fulfilOrder(deps.db, order.id, deps.now(), fulfil);
    return outcomeOf(await mustFind(deps.db, order.id));
  }
  const payment = order.providerPaymentId
    ? await deps.provider.getPayment(order.providerPaymentId)
    : await deps.provider.findPaymentForOrder(order.id);
  const givenUp = deps.now().getTime() - order.chargeAskedAt.getTime() >= giveUpAfterMs;
  // 3-D Secure abandoned: once given up on, the order fails and nothing is charged. Should the
  // cardholder still approve later, the capture finds the order failed and is refunded.
  if (payment?.status === 'PENDING_AUTHENTICATION' && givenUp) {
    const details = { providerPaymentId: payment.paymentId, failureReason: 'not-authenticated' };
    const failed =
      (await moveOrder(
        deps.db,
        order.id,
        'awaiting-authentication',
        'failed',
        deps.now(),
        details,
      )) ?? (await moveOrder(deps.db, order.id, 'created', 'failed', deps.now(), details));
    return outcomeOf(failed ?? (await mustFind(deps.db, order.id)));
  }
  if (payment) return applyPayment(deps, order.id, payment, fulfil);
  if (!givenUp) return outcomeOf(order);
  const failed = await moveOrder(deps.db, order.id, 'created', 'failed', deps.now(), {
    failureReason: 'not-charged',
  });
  return outcomeOf(failed ?? (await mustFind(deps.db, order.id)));
}

/**
 * An order with nothing to pay (a booking passes cover): created -> paid -> fulfilled without
 * the provider, in one conditional move (moveFreeOrder) with the fulfilment in the same
 * transaction, once whoever asks. A fulfilment that throws CannotFulfil fails the order
 * (nothing was taken, so nothing goes back). Any other order is only told where it stands.
 */
export async function completeFreeOrder(
  deps: ChargeDeps,
  order: Order,
  fulfil: Fulfil,
): Promise<ChargeOutcome> {
  let done: { order: Order; delivered: unknown } | undefined;
  if (order.amount === 0) {
    const now = deps.now();
    try {
      done = await deps.db.transaction(async (tx) => {
        const fulfilled = await moveFreeOrder(tx, order.id, now);
        return fulfilled && { order: fulfilled, delivered: await fulfil(tx, fulfilled, now) };
      });
    } catch (err) {
      if (!(err instanceof CannotFulfil)) throw err;
      await moveOrder(deps.db, order.id, 'created', 'failed', now, { failureReason: err.reason });
    }
  }
  // Fulfilled by this call: the row its move answered, committed; else read where it stands.
  return done ? { outcome: 'fulfilled', ...done } : outcomeOf(await mustFind(deps.db, order.id));
}

/** Where an order stands, as the pages are told it (each purchase adds what it delivered). */
export function orderAnswer(charged: ChargeOutcome) {
  const { order } = charged;
  return {
    orderId: order.id,
    reference: order.reference,
    outcome: charged.outcome,
    ...(charged.outcome === 'authenticate' ? { threeDSRedirectUrl: charged.redirectUrl } : {}),
    ...(charged.outcome === 'failed' ? { failureReason: charged.reason } : {}),
    lines: order.lines,
    amount: order.amount,
    currency: order.currency,
  };
}
