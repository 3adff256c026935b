import { REFUND_WORKING_DAYS } from '@portal/contract';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { bookings, orders, users } from '../../db/schema';
import { formatMoney } from '../money';
import { enqueueMessage, retryDelayMs } from '../outbox';
import type { ChargeDeps } from './charge';
import { moveOrder, type Order } from './order-states';

/** How long a runner holds an order it is refunding before another may try. */
const REFUND_LEASE_MS = 5 * 60_000;

export interface RefundReport {
  refunded: number;
  /** Tries that failed this round; each is tried again later, backing off. */
  failed: number;
}

/** The member's email telling them the money is on its way back. */
async function refundEmail(deps: ChargeDeps, order: Order, now: Date) {
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
        `We have refunded ${formatMoney(order.amount, order.currency)} to the card that paid for ` +
          `order ${order.reference}. Refunds take about ${REFUND_WORKING_DAYS} working days to reach your account.`,
      ].join('\n'),
    },
    now,
  );
}

/** refund-pending -> refunded, with its email, in one transaction (once, however many runners). */
async function markRefunded(deps: ChargeDeps, order: Order, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const moved = await moveOrder(tx, order.id, 'refund-pending', 'refunded', now);
    if (moved) {
      // A cancelled booking the order paid for shows its refund as made.
      await tx
        .update(bookings)
        .set({ refundState: 'refunded' })
        .where(and(eq(bookings.orderId, moved.id), eq(bookings.refundState, 'pending')));
      await refundEmail({ ...deps, db: tx }, moved, now);
    }
    return moved !== undefined;
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
    .where(
      and(
        eq(orders.status, 'refund-pending'),
        or(isNull(orders.refundNextAt), lte(orders.refundNextAt, now)),
      ),
    )
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
          eq(orders.status, 'refund-pending'),
          or(isNull(orders.refundNextAt), lte(orders.refundNextAt, now)),
        ),
      )
      .returning({ id: orders.id });
    if (!claimed) continue;
    try {
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
        .where(and(eq(orders.id, order.id), eq(orders.status, 'refund-pending')));
    }
  }
  return report;
}
