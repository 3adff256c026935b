import { and, eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders, slotHolds } from '../../db/schema';
import { closeUncharged } from '../../platform/checkout';
import { releaseHold, type HoldRow } from '../../platform/slots';

/*
 * Holds ended before they were paid for, and their orders closed (issue 61: an order that can
 * no longer be paid is failed by the engine, never left in `created`).
 */

/**
 * The orders of holds the sweeper released (lapsed, or their payment failed) that were never
 * charged: closed (closeUncharged), for nothing can pay for them now (a payment needs its hold
 * live). One whose charge was asked is the provider's to settle (the reconciler).
 */
export const closeOrdersOfSwept = (tx: Tx, released: readonly HoldRow[], now: Date) =>
  closeNeverCharged(tx, released, 'hold-lapsed', now);

/** The orders of holds just released that were never charged, closed (closeUncharged). */
async function closeNeverCharged(
  tx: Tx,
  released: readonly HoldRow[],
  reason: string,
  now: Date,
): Promise<void> {
  const orderIds = released.flatMap((hold) => (hold.orderId ? [hold.orderId] : []));
  if (orderIds.length === 0) return;
  await closeUncharged(tx, inArray(orders.id, orderIds), reason, now);
}

/** An order's states once the provider has taken its money: its hold is the booking's. */
const PAID = ['paid', 'fulfilled', 'refund-pending', 'refunded'] as const;

/**
 * A lane's sales paused (issue 61): its unpaid holds ended, so a hold taken before the pause is
 * not paid for after it. Each live hold whose order is not paid is released as 'paused' (its
 * places given back, once: releaseHold), then its order, if never charged, is closed by the
 * engine (closeUncharged). In that order: a payment linking an order to a hold locks the hold,
 * so once the release has it, either that order was linked before (and is closed here, or its
 * charge was asked) or none will be. An order whose charge was asked is left to the provider's
 * word: paid, its fulfilment does not take the places again (confirmHeldPlaces), and the money
 * goes back. Answers the holds ended.
 */
export async function endLaneHolds(tx: Tx, productId: string, now: Date): Promise<number> {
  const live = await tx
    .select({ id: slotHolds.id })
    .from(slotHolds)
    .where(
      and(
        eq(slotHolds.productId, productId),
        isNull(slotHolds.releasedAt),
        or(
          isNull(slotHolds.orderId),
          notInArray(
            slotHolds.orderId,
            tx
              .select({ id: orders.id })
              .from(orders)
              .where(inArray(orders.status, [...PAID])),
          ),
        ),
      ),
    );
  const ended: HoldRow[] = [];
  for (const { id } of live) {
    // Each on its own (no transaction across them): no lock of a hold is kept while an order
    // is waited for, the other way round from a fulfilment's (its order, then its hold).
    const released = await releaseHold(tx, id, 'paused', now);
    if (released) ended.push(released);
  }
  await closeNeverCharged(tx, ended, 'sales-paused', now);
  return ended.length;
}
