import type { Tx } from '../../db/client';
import { moveOrder, type Order } from './order-states';

/**
 * What a purpose delivers once paid (passes added, a booking confirmed), inside the move. It may
 * answer what it made (the booking), which the caller that completed the order is given back
 * (ChargeOutcome's `delivered`) instead of reading it again.
 */
export type Fulfil = (tx: Tx, order: Order, now: Date) => Promise<unknown>;

/**
 * Thrown by a fulfilment that can no longer deliver what was paid for (the membership was
 * suspended or removed meanwhile, the places are gone): the order is refunded instead.
 */
export class CannotFulfil extends Error {
  constructor(readonly reason: string) {
    super(`the order cannot be fulfilled: ${reason}`);
    this.name = 'CannotFulfil';
  }
}

/**
 * paid -> fulfilled, with the fulfilment in the same transaction: delivered exactly once
 * however many callers settle the order at once (the page polling, a webhook, the
 * reconciler), and never half: should `fulfil` fail, the order stays paid and nothing of it is
 * kept (the reconciler tries again). A fulfilment that throws `CannotFulfil` moves the order
 * paid -> refund-pending instead, for the refund job. Answers the fulfilled order, or undefined
 * when another caller fulfilled it (or it was not paid, or it is to be refunded).
 */
export async function fulfilOrder(
  db: Tx,
  orderId: string,
  now: Date,
  fulfil: Fulfil,
): Promise<Order | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const fulfilled = await moveOrder(tx, orderId, 'paid', 'fulfilled', now);
      if (!fulfilled) return undefined;
      await fulfil(tx, fulfilled, now);
      return fulfilled;
    });
  } catch (err) {
    if (!(err instanceof CannotFulfil)) throw err;
    await moveOrder(db, orderId, 'paid', 'refund-pending', now, { failureReason: err.reason });
    return undefined;
  }
}
