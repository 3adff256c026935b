import { and, asc, inArray, isNotNull, lte } from 'drizzle-orm';
import { orders, type OrderPurpose } from '../../db/schema';
import { settleOrder, type ChargeDeps } from './charge';
import type { Fulfil } from './fulfil-order';

/** How each purpose is delivered once paid; the modules that sell register theirs. */
export type Fulfilments = ReadonlyMap<OrderPurpose, Fulfil>;

export interface ReconcileOptions {
  /** Orders whose charge was asked for longer ago than this are looked at (the page had its go). */
  settleAfterMs: number;
  /** An order the provider has no payment for this long after its charge was asked is failed. */
  giveUpAfterMs: number;
  /** At most this many orders a round, oldest first. */
  batch: number;
}

export interface ReconcileReport {
  looked: number;
  /** By the outcome each order was left in. */
  outcomes: Record<string, number>;
  errors: number;
}

/**
 * The reconciler's round (at start-up and every minute): every order stuck between "charge
 * asked" and final for longer than `settleAfterMs` is settled from the provider's word: paid ->
 * fulfilled (or refund-pending when it can no longer be delivered), not paid after
 * `giveUpAfterMs` -> failed. Each move is conditional, so rounds on several processes, the page
 * and webhooks settling the same order at once still move it once.
 */
export async function reconcileOrders(
  deps: ChargeDeps,
  fulfilments: Fulfilments,
  options: ReconcileOptions,
  onError: (orderId: string, err: unknown) => void,
): Promise<ReconcileReport> {
  const before = new Date(deps.now().getTime() - options.settleAfterMs);
  const stuck = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        isNotNull(orders.chargeAskedAt),
        inArray(orders.status, ['created', 'awaiting-authentication', 'paid']),
        lte(orders.chargeAskedAt, before),
      ),
    )
    .orderBy(asc(orders.chargeAskedAt))
    .limit(options.batch);
  const report: ReconcileReport = { looked: stuck.length, outcomes: {}, errors: 0 };
  for (const order of stuck) {
    const fulfil = fulfilments.get(order.purpose);
    try {
      if (!fulfil) throw new Error(`no fulfilment registered for ${order.purpose}`);
      const { outcome } = await settleOrder(deps, order, fulfil, options.giveUpAfterMs);
      report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
    } catch (err) {
      report.errors += 1;
      onError(order.id, err);
    }
  }
  return report;
}
