import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  columnEncoder,
  insertValues,
  placeholders,
  prepared,
  type PreparedStatement,
} from '../../db/prepared';
import { orders, type OrderStatus } from '../../db/schema';
import { isUuid } from '../ids';
import { ownRowReader } from '../own-row';

export type Order = typeof orders.$inferSelect;

/** Where an order may go from each state; anything else is a programming error. */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  created: ['awaiting-authentication', 'paid', 'failed'],
  'awaiting-authentication': ['paid', 'failed'],
  paid: ['fulfilled', 'refund-pending'],
  fulfilled: ['refund-pending'],
  // Money that arrives after the order failed (a 3-D Secure success reported late) goes back.
  failed: ['refund-pending'],
  'refund-pending': ['refunded'],
  refunded: [],
};

/** What a move writes besides the status: the moment it happened, and what it learnt. */
export type MoveDetails = Partial<
  Pick<
    Order,
    'providerPaymentId' | 'failureReason' | 'chargeAskedAt' | 'refundedAmount' | 'partRefund'
  >
>;

const stamp: Partial<Record<OrderStatus, keyof Order>> = {
  paid: 'paidAt',
  fulfilled: 'fulfilledAt',
  failed: 'failedAt',
  refunded: 'refundedAt',
};

/**
 * Moves an order from `from` to `to`, if it is still in `from`: one conditional update, so a
 * double click, two tabs, a webhook and the reconciler, or two processes move it once. Answers
 * the moved order, or undefined when it was no longer in `from` (someone else moved it).
 */
export async function moveOrder(
  tx: Tx,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  now: Date,
  details: MoveDetails = {},
): Promise<Order | undefined> {
  if (!ORDER_MOVES[from].includes(to))
    throw new Error(`an order cannot move from ${from} to ${to}`);
  const at = stamp[to];
  const values: Partial<Order> = {
    ...details,
    status: to,
    updatedAt: now,
    ...(at ? { [at]: now } : {}),
  };
  // As drizzle's set: a column given undefined is not written.
  const columns = (Object.keys(values) as (keyof Order)[])
    .filter((column) => values[column] !== undefined)
    .sort();
  const { statement, encode } = moveStatement(columns);
  const [moved] = await statement(tx).execute({ ...encode(values), orderId, from });
  return moved;
}

/** A move's statement (prepared.ts) and the encoder of the values of the columns it writes. */
interface MoveStatement {
  statement: (tx: Tx) => PreparedStatement<Order[]>;
  encode: (values: Record<string, unknown>) => Record<string, unknown>;
}

/** moveOrder's statements, one for each set of columns a move writes. */
const moveStatements = new Map<string, MoveStatement>();

/**
 * The conditional update writing `columns` (sorted), each from the placeholder of its name, its
 * values encoded as drizzle would but null sent as SQL NULL (prepared.ts: columnEncoder).
 */
function moveStatement(columns: readonly (keyof Order)[]): MoveStatement {
  const shape = columns.join(',');
  let move = moveStatements.get(shape);
  if (!move) {
    move = {
      statement: prepared(`order_move_${moveStatements.size + 1}`, (tx, name) => {
        const { orderId, from } = placeholders('orderId', 'from');
        return tx
          .update(orders)
          .set(insertValues<typeof orders>(columns))
          .where(and(eq(orders.id, orderId), eq(orders.status, from)))
          .returning()
          .prepare(name);
      }),
      encode: columnEncoder(orders, columns),
    };
    moveStatements.set(shape, move);
  }
  return move;
}

/**
 * created -> paid -> fulfilled of an order with nothing to pay, as one conditional update (the
 * two moves at one instant, each stamped): once however many callers complete it at once, and
 * never for an order with an amount (that is paid by the provider's word only). Answers the
 * fulfilled order, or undefined when it was no longer created (or has an amount).
 */
export async function moveFreeOrder(
  tx: Tx,
  orderId: string,
  now: Date,
): Promise<Order | undefined> {
  const [moved] = await freeOrderMove(tx).execute({ orderId, now });
  return moved;
}

/** moveFreeOrder's statement (prepared.ts: it runs in every free booking's transaction). */
const freeOrderMove = prepared('free_order_move', (tx, name) => {
  const { orderId, now } = placeholders('orderId', 'now');
  return tx
    .update(orders)
    .set({
      status: 'fulfilled',
      paidAt: sql`${now}`,
      fulfilledAt: sql`${now}`,
      updatedAt: sql`${now}`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'created'), eq(orders.amount, 0)))
    .returning()
    .prepare(name);
});

/**
 * created -> failed of orders never charged (no charge asked for them), as a statement to build
 * on (`which` picks them): one conditional update on `status = 'created' and charge_asked_at is
 * null`, so each closes once, and never one whose charge was asked (chargeOrder's "charge
 * asked" update waits on the same row under the same condition: of the two, one happens). For
 * an order that can no longer be paid: a hold's earlier checkout replaced by a new one
 * (pay-calls.ts), the order of a hold ended before its charge (lapsed, its lane's sales paused).
 */
export const closeUncharged = (tx: Tx, which: SQL, reason: string, now: Date | SQL) =>
  tx
    .update(orders)
    .set({ status: 'failed', failureReason: reason, failedAt: now, updatedAt: now })
    .where(and(which, eq(orders.status, 'created'), isNull(orders.chargeAskedAt)));

/** An order by its id (the hot calls' read: prepared.ts). */
const orderById = prepared('order_by_id', (tx, name) =>
  tx
    .select()
    .from(orders)
    .where(eq(orders.id, placeholders('orderId').orderId))
    .prepare(name),
);

/**
 * An order as it is now (for answers after a move that someone else made); undefined for an id
 * that is no order's, including one not shaped as an order id (a provider's event may carry any).
 */
export async function findOrder(tx: Tx, orderId: string): Promise<Order | undefined> {
  if (!isUuid(orderId)) return undefined;
  const [order] = await orderById(tx).execute({ orderId });
  return order;
}

/** A member's own order by its id; undefined for anyone else's (answered as not found). */
export const findOwnOrder: (tx: Tx, userId: string, orderId: string) => Promise<Order | undefined> =
  ownRowReader('own_order_by_id', orders, orders.id, orders.userId);
