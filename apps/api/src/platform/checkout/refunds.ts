import { REFUND_WORKING_DAYS } from '@portal/contract';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, orders, users } from '../../db/schema';
import { formatMoney } from '../money';
import { enqueueMessage, retryDelayMs } from '../outbox';
import type { ChargeDeps } from './charge';
import { moveOrder, type Order } from './order-states';

/** An order with money to give back: a whole refund, or a part of a fulfilled one. */
const refundToMake = or(
  eq(orders.status, 'refund-pending'),
  and(eq(orders.status, 'fulfilled'), gt(orders.partRefund, 0)),
);

/** How long a runner holds an order it is refunding before another may try. */
const REFUND_LEASE_MS = 5 * 60_000;

export interface RefundReport {
  refunded: number;
  /** Tries that failed this round; each is tried again later, backing off. */
  failed: number;
}

/** The member's email telling them `amount` of the order is on its way back. */
async function refundEmail(deps: ChargeDeps, order: Order, amount: number, now: Date) {
  if (!order.userId) return;
  const [user] = await deps.db
    .select({ email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!user || user.deletedAt) return;
  await enqueueMessage(
    deps.db,
    {
      channel: 'email',
      to: user.email,
      subject: `Refund of order ${order.reference}`,
      body: [
        `Hello ${user.firstName},`,
        '',
        `We have refunded ${formatMoney(amount, order.currency)} to the card that paid for ` +
          `order ${order.reference}. Refunds take about ${REFUND_WORKING_DAYS} working days to reach your account.`,
      ].join('\n'),
    },
    now,
  );
}

/** refund-pending -> refunded, with its email, in one transaction (once, however many runners). */
async function markRefunded(deps: ChargeDeps, order: Order, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const moved = await moveOrder(tx, order.id, 'refund-pending', 'refunded', now, {
      refundedAmount: order.amount,
      partRefund: 0,
    });
    if (moved) {
      // A cancelled booking the order paid for (made or changed) shows its refund as made once
      // none of its orders has a refund still to make.
      const paidFor =
        moved.purpose === 'lounge-amend' && moved.subject
          ? sql`${bookings.id}::text = ${moved.subject}`
          : eq(bookings.orderId, moved.id);
      await tx
        .update(bookings)
        .set({ refundState: 'refunded' })
        .where(
          and(
            paidFor,
            eq(bookings.refundState, 'pending'),
            sql`not exists (select 1 from ${orders} where ${orders.status} = 'refund-pending' and (${orders.id} = ${bookings.orderId} or (${orders.purpose} = 'lounge-amend' and ${orders.subject} = ${bookings.id}::text)))`,
          ),
        );
      await refundEmail({ ...deps, db: tx }, moved, order.amount - order.refundedAmount, now);
    }
    return moved !== undefined;
  });
}

/**
 * Asks for part of a fulfilled order back (a booking changed to fewer paying guests): added to
 * what the refund job still has to make, in the caller's transaction, only while the order is
 * fulfilled and never beyond what was paid. False when it cannot be (answered by the caller).
 */
export async function askPartRefund(
  tx: Tx,
  orderId: string,
  amount: number,
  now: Date,
): Promise<boolean> {
  if (amount <= 0) return true;
  const asked = await tx
    .update(orders)
    // The lease of a runner making an earlier part stays (it would otherwise let a second runner
    // in before the first one's refund shows at the provider); the next round makes this part.
    .set({ partRefund: sql`${orders.partRefund} + ${amount}`, updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'fulfilled'),
        sql`${orders.refundedAmount} + ${orders.partRefund} + ${amount} <= ${orders.amount}`,
      ),
    )
    .returning({ id: orders.id });
  return asked.length > 0;
}

/**
 * A part refund made: the provider asked for what it has not refunded yet of the order's total
 * (so an answer lost on an earlier try never refunds twice), then the amount moved from asked to
 * made and the member mailed, once.
 */
async function makePartRefund(deps: ChargeDeps, order: Order, now: Date): Promise<boolean> {
  const target = order.refundedAmount + order.partRefund;
  const payment = order.providerPaymentId
    ? await deps.provider.getPayment(order.providerPaymentId)
    : await deps.provider.findPaymentForOrder(order.id);
  if (!payment) throw new Error(`the provider has no payment for order ${order.id}`);
  if (payment.refundedAmount < target) {
    await deps.provider.refund(payment.paymentId, target - payment.refundedAmount);
  }
  return deps.db.transaction(async (tx) => {
    const [made] = await tx
      .update(orders)
      .set({
        refundedAmount: target,
        partRefund: sql`${orders.partRefund} - ${order.partRefund}`,
        refundNextAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.status, 'fulfilled'),
          eq(orders.refundedAmount, order.refundedAmount),
        ),
      )
      .returning();
    if (made) await refundEmail({ ...deps, db: tx }, made, order.partRefund, now);
    return made !== undefined;
  });
}

/**
 * The refund job's round: each refund-pending order that is due is handed to the provider; once
 * the provider confirms (or says the payment is already refunded, after an answer lost on an
 * earlier try), the order is marked refunded and the member mailed, once. A failure is tried
 * again later with a growing wait, for as long as it takes: the money must go back.
 */
export async function refundDue(deps: ChargeDeps, batch = 50): Promise<RefundReport> {
  const now = deps.now();
  const due = await deps.db
    .select()
    .from(orders)
    .where(and(refundToMake, or(isNull(orders.refundNextAt), lte(orders.refundNextAt, now))))
    .orderBy(asc(orders.updatedAt))
    .limit(batch);
  const report: RefundReport = { refunded: 0, failed: 0 };
  for (const order of due) {
    // A lease: one runner (of however many processes) takes the order for a while; should it
    // die, the order is due again once the lease ends.
    const [claimed] = await deps.db
      .update(orders)
      .set({ refundNextAt: new Date(now.getTime() + REFUND_LEASE_MS) })
      .where(
        and(
          eq(orders.id, order.id),
          refundToMake,
          or(isNull(orders.refundNextAt), lte(orders.refundNextAt, now)),
        ),
      )
      .returning({ id: orders.id });
    if (!claimed) continue;
    try {
      if (order.status === 'fulfilled') {
        if (await makePartRefund(deps, order, now)) report.refunded += 1;
        continue;
      }
      const payment = order.providerPaymentId
        ? await deps.provider.getPayment(order.providerPaymentId)
        : await deps.provider.findPaymentForOrder(order.id);
      if (!payment) throw new Error(`the provider has no payment for order ${order.id}`);
      if (payment.status !== 'REFUNDED') await deps.provider.refund(payment.paymentId);
      if (await markRefunded(deps, order, now)) report.refunded += 1;
    } catch {
      report.failed += 1;
      await deps.db
        .update(orders)
        .set({
          refundAttempts: sql`${orders.refundAttempts} + 1`,
          refundNextAt: new Date(now.getTime() + retryDelayMs(order.refundAttempts + 1)),
        })
        .where(and(eq(orders.id, order.id), refundToMake));
    }
  }
  return report;
}
