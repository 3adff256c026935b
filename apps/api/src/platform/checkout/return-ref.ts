import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import type { Order } from './order-states';

/*
 * The 3-D Secure return's reference: 32 random bytes made when the charge is asked for, added
 * to the return address (`ref`) and kept only as its SHA-256. It lets the browser that comes
 * back learn the order's outcome when it has no login there (another tab's login lapsed, a
 * browser that keeps no storage); it tells only that, once, and never logs anyone in.
 */

/** How an order's return reference is kept: its SHA-256, hex (the reference is never stored). */
export const returnRefHash = (ref: string) => createHash('sha256').update(ref).digest('hex');

/** A return reference is good for a day from the charge it was made for (and once). */
export const RETURN_REF_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The order a return reference was made for, while it is neither spent nor out of date. */
export async function orderOfReturnRef(db: Tx, ref: string, now: Date): Promise<Order | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.returnRefHash, returnRefHash(ref)),
        isNull(orders.returnRefUsedAt),
        gt(orders.chargeAskedAt, new Date(now.getTime() - RETURN_REF_LIFETIME_MS)),
      ),
    );
  return order;
}

/** Spends an order's return reference: true for the one caller that spent it. */
export async function spendReturnRef(db: Tx, orderId: string, now: Date): Promise<boolean> {
  const spent = await db
    .update(orders)
    .set({ returnRefUsedAt: now })
    .where(and(eq(orders.id, orderId), isNull(orders.returnRefUsedAt)))
    .returning({ id: orders.id });
  return spent.length > 0;
}
