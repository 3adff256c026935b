import { and, desc, eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders, type bookings } from '../../db/schema';
import { askPartRefund, moveOrder, type Order } from '../../platform/checkout';

type BookingRow = typeof bookings.$inferSelect;

/**
 * Every order that paid for a booking: the one that made it, and the ones of changes that added
 * paying guests ('lounge-amend', whose subject is the booking), newest first.
 */
export function ordersOfBooking(tx: Tx, booking: Pick<BookingRow, 'id' | 'orderId'>) {
  const change = and(eq(orders.purpose, 'lounge-amend'), eq(orders.subject, booking.id));
  return tx
    .select()
    .from(orders)
    .where(booking.orderId ? or(eq(orders.id, booking.orderId), change) : change)
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

const leftToRefund = (order: Order) => order.amount - order.refundedAmount - order.partRefund;

/**
 * Asks `amount` of a booking's card payments back (guests removed by a change): from its newest
 * fulfilled orders first, each never beyond what it has left, in the caller's transaction.
 * False when its orders cannot give that much back (the caller refuses the change).
 */
export async function askBookingRefund(
  tx: Tx,
  booking: Pick<BookingRow, 'id' | 'orderId'>,
  amount: number,
  now: Date,
): Promise<boolean> {
  let left = amount;
  for (const order of await ordersOfBooking(tx, booking)) {
    if (left <= 0) break;
    if (order.status !== 'fulfilled') continue;
    const part = Math.min(left, leftToRefund(order));
    if (part <= 0) continue;
    if (!(await askPartRefund(tx, order.id, part, now))) return false;
    left -= part;
  }
  return left <= 0;
}

/**
 * A cancelled booking's card payments, every order of it, moved fulfilled -> refund-pending for
 * the engine's refund job (each moves once, whatever else runs at the same time).
 */
export async function refundBookingOrders(
  tx: Tx,
  booking: Pick<BookingRow, 'id' | 'orderId'>,
  now: Date,
): Promise<void> {
  for (const order of await ordersOfBooking(tx, booking)) {
    // A booking passes paid for has an order of nothing: there is nothing to give back.
    if (order.status !== 'fulfilled' || order.amount - order.refundedAmount <= 0) continue;
    await moveOrder(tx, order.id, 'fulfilled', 'refund-pending', now, {
      failureReason: 'booking-cancelled',
    });
  }
}
