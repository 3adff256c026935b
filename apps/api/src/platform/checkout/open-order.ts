import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { preparedInsert } from '../../db/prepared';
import { orders, type OrderLine, type OrderPurpose } from '../../db/schema';
import { readableReference } from '../references';
import type { Order } from './order-states';

/** A purchase as the server priced it, from its own tables (never a price from the browser). */
export interface OrderRequest {
  userId: string;
  /** Made once per checkout by the browser; a retry with it answers the same order. */
  idempotencyKey: string;
  purpose: OrderPurpose;
  /** What the purchase is for beyond its lines, e.g. the membership that gets the passes. */
  subject?: string;
  lines: OrderLine[];
  currency: string;
  cardId?: string;
}

export type OpenedOrder =
  | { outcome: 'created'; order: Order }
  /** The same key and the same purchase: a retry, answered with the order it made. */
  | { outcome: 'existing'; order: Order }
  /** The same key with another purchase: refused, never a second order under one key. */
  | { outcome: 'key-reused'; order: Order };

export const orderAmount = (lines: readonly OrderLine[]) =>
  lines.reduce((sum, line) => sum + line.quantity * line.unitAmount, 0);

/**
 * Line by line, by what is bought and its price (jsonb keeps keys in its own order, so not as
 * JSON text; a description may be worded in another language on a retry).
 */
const sameLines = (a: readonly OrderLine[], b: readonly OrderLine[]) =>
  a.length === b.length &&
  a.every(
    (line, i) =>
      line.item === b[i]?.item &&
      line.quantity === b[i]?.quantity &&
      line.unitAmount === b[i]?.unitAmount,
  );

/** What makes the purchase: the card it is paid with may change (a retry with another card). */
const samePurchase = (order: Order, request: OrderRequest) =>
  order.purpose === request.purpose &&
  (order.subject ?? undefined) === request.subject &&
  order.currency === request.currency &&
  sameLines(order.lines, request.lines);

const isPricedLine = (line: OrderLine) =>
  Number.isSafeInteger(line.quantity) &&
  line.quantity > 0 &&
  Number.isSafeInteger(line.unitAmount) &&
  line.unitAmount >= 0;

/** The columns openOrder writes (the others take their defaults), as orderRow gives them. */
export const ORDER_COLUMNS = [
  'reference',
  'userId',
  'purpose',
  'subject',
  'lines',
  'amount',
  'currency',
  'cardId',
  'idempotencyKey',
  'createdAt',
  'updatedAt',
] as const;

/** The unique key of a member's orders: one per idempotency key. */
export const ORDER_KEY = [orders.userId, orders.idempotencyKey];

/**
 * A request's order row, as openOrder writes it (and a statement that opens an order with more
 * besides: the hold it pays for linked to it, pay-calls.ts).
 */
export function orderRow(request: OrderRequest, now: Date) {
  if (request.lines.length === 0 || !request.lines.every(isPricedLine)) {
    throw new Error('an order needs lines of whole, positive quantities at whole prices');
  }
  return {
    reference: readableReference('OR'),
    userId: request.userId,
    purpose: request.purpose,
    subject: request.subject ?? null,
    lines: request.lines,
    amount: orderAmount(request.lines),
    currency: request.currency,
    cardId: request.cardId ?? null,
    idempotencyKey: request.idempotencyKey,
    createdAt: now,
    updatedAt: now,
  } satisfies Record<(typeof ORDER_COLUMNS)[number], unknown>;
}

/** openOrder's insert (prepared.ts): nothing written when the member's key has an order. */
const orderInsert = preparedInsert('order_insert', orders, ORDER_COLUMNS, ORDER_KEY);

/**
 * Opens the order of a checkout, once per member and idempotency key. One insert that does
 * nothing on a conflict: requests with the same key at once (a double click, a lost answer
 * retried, two tabs, two processes) wait for the first and answer its order.
 */
export async function openOrder(tx: Tx, request: OrderRequest, now: Date): Promise<OpenedOrder> {
  const [created] = await orderInsert(tx).execute(orderRow(request, now));
  if (created) return { outcome: 'created', order: created };
  return existingOrder(tx, request);
}

/**
 * The order the member's key already has, when an insert of the request's wrote none: the
 * same purchase (a retry, answered with it), or another (key-reused, refused).
 */
export async function existingOrder(tx: Tx, request: OrderRequest): Promise<OpenedOrder> {
  const opened = await orderOfKey(tx, request);
  if (!opened) throw new Error('an order conflicted on its key, and then was not there');
  return opened;
}

/**
 * The order the member's key has, if any: the same purchase (a retry, answered with it), or
 * another (key-reused, refused).
 */
export async function orderOfKey(
  tx: Tx,
  request: OrderRequest,
): Promise<Exclude<OpenedOrder, { outcome: 'created' }> | undefined> {
  const [existing] = await tx
    .select()
    .from(orders)
    .where(
      and(eq(orders.userId, request.userId), eq(orders.idempotencyKey, request.idempotencyKey)),
    );
  if (!existing) return undefined;
  return samePurchase(existing, request)
    ? { outcome: 'existing', order: existing }
    : { outcome: 'key-reused', order: existing };
}
