import { randomUUID } from 'node:crypto';
import {
  calls,
  type Booked,
  type BookingOrderState,
  type BookingPrice,
  type Money,
} from '@portal/contract';
import {
  and,
  eq,
  exists,
  getTableColumns,
  inArray,
  is,
  isNull,
  not,
  or,
  sql,
  SQL,
  type Placeholder,
} from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { columnEncoder, placeholders, prepared, preparedInsertWith } from '../../db/prepared';
import {
  airports,
  bookings,
  orders,
  outbox,
  products,
  productSlots,
  slotHolds,
  users,
  type OrderLine,
  type OrderPurpose,
} from '../../db/schema';
import { liveMember, type User } from '../../members/member-row';
import { CallError } from '../../platform/call-error';
import {
  CannotFulfil,
  closeUncharged,
  findOrder,
  findOwnOrder,
  ORDER_COLUMNS,
  ORDER_KEY,
  orderAmount,
  orderAnswer,
  orderOfKey,
  orderRow,
  type OpenedOrder,
  type OrderRequest,
  type ChargeOutcome,
  type Fulfil,
  type Order,
} from '../../platform/checkout';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db-errors';
import { OUTBOX_COLUMNS, outboxValues } from '../../platform/outbox';
import { browserOrigin, portalPageUrl } from '../../platform/portal-url';
import {
  bookingWindow,
  confirmOrderHold,
  insideWindow,
  inventoryVersions,
  releaseHold,
  takePlaces,
  type HoldRow,
} from '../../platform/slots';
import { registerCall } from '../../plugins/calls';
import { newBookingReference } from '../bookings/index';
import { payingCard } from '../payment/index';
import {
  BOOKABLE_AIRPORT_COLUMNS,
  decidingKey,
  productToBook,
  toBook,
  type BookableKind,
  type BookableProduct,
} from './bookable-product';
import { membershipToday, spendingUpdate, spendPasses } from '../../members/membership-passes';
import { bookedView } from './booked-view';
import { confirmationEmail } from './confirmation-email';
import { ownHoldAt, priceDraft, sameTotal, stillLive } from './hold-calls';

/** The order line items of a lounge booking. */
export const PASS_ITEM = 'lounge-pass';
export const VISIT_ITEM = 'lounge-visit';

/** The order lines of passengers on passes and passengers paying the lounge's guest price. */
export function orderLines(
  passes: number,
  paid: number,
  unitAmount: number,
  lounge: BookableProduct,
): OrderLine[] {
  const lines: OrderLine[] = [];
  if (passes > 0) {
    lines.push({
      item: PASS_ITEM,
      description: 'Lounge visit on a membership pass',
      quantity: passes,
      unitAmount: 0,
    });
  }
  if (paid > 0) {
    lines.push({
      item: VISIT_ITEM,
      description: `Lounge visit, ${lounge.product.name}`,
      quantity: paid,
      unitAmount,
    });
  }
  return lines;
}

const bookingLines = (price: BookingPrice, lounge: BookableProduct) => ({
  lines: orderLines(
    price.passesUsed,
    price.unitPrice ? price.paidPassengers : 0,
    price.unitPrice?.amount ?? 0,
    lounge,
  ),
  currency: price.total.currency,
});

export const passesIn = (order: Pick<Order, 'lines'>) =>
  order.lines.filter((l) => l.item === PASS_ITEM).reduce((n, l) => n + l.quantity, 0);

/** The hold an order pays for and its slot's start, the hold locked for the transaction. */
export async function holdOfOrder(tx: Tx, orderId: string) {
  const [found] = await tx
    .select({ hold: slotHolds, startsAt: productSlots.startsAt })
    .from(slotHolds)
    .innerJoin(productSlots, eq(productSlots.id, slotHolds.slotId))
    .where(eq(slotHolds.orderId, orderId))
    .for('update', { of: slotHolds });
  return found;
}

/**
 * A paid order's held places made the booking's: the hold released as confirmed, or, when it
 * lapsed meanwhile, the places taken again while any are left (else CannotFulfil: refunded). A
 * hold its lane's paused sales ended is not taken again: what was unpaid then is not sold.
 */
export async function confirmHeldPlaces(tx: Tx, hold: HoldRow, now: Date): Promise<void> {
  if (!hold.releasedAt) {
    await releaseHold(tx, hold.id, 'confirmed', now);
  } else if (hold.releaseReason === 'paused') {
    throw new CannotFulfil('sales-paused');
  } else if (
    hold.releaseReason === 'confirmed' ||
    !(await takePlaces(tx, hold.slotId, hold.places))
  ) {
    throw new CannotFulfil('places-gone');
  }
}

/** What a booking's fulfilment reads with its hold: the slot's start, the member, the product. */
interface HeldForBooking {
  hold: HoldRow;
  startsAt: Date;
  /** The member's live row; null once deleted. */
  user: User | null;
  /** The product, while it is still active; undefined once withdrawn. */
  bookable: BookableProduct | undefined;
  /** The order's passes spent (spendingUpdate), when it has any; false: they are gone. */
  passesSpent: boolean;
}

/**
 * Every column of `table`, as a statement built on it answers them (a CTE of its rows: its own
 * list of fields), for a select to answer the table's rows whole.
 */
function columnsOf<T extends PgTable, Row extends Record<keyof T['_']['columns'], unknown>>(
  table: T,
  row: Row,
): Pick<Row, keyof T['_']['columns']> {
  const names = Object.keys(getTableColumns(table)) as (keyof T['_']['columns'])[];
  return Object.fromEntries(names.map((name) => [name, row[name]])) as Pick<
    Row,
    keyof T['_']['columns']
  >;
}

/**
 * A paid order's live hold released as confirmed, with the passes it names spent (`passes` of
 * them, none when 0) and what the booking needs besides read, in one statement
 * (confirmOrderHold, spendingUpdate): the fulfilment of most bookings.
 */
const confirmedHold = prepared('confirmed_hold', (tx, name) => {
  const { orderId, userId, kind, now, passes, today } = placeholders(
    'orderId',
    'userId',
    'kind',
    'now',
    'passes',
    'today',
  );
  const released = tx.$with('released').as(confirmOrderHold(tx, orderId, now));
  const spent = tx.$with('spent').as(
    spendingUpdate(tx, {
      dpid: sql`(select ${released.draft} ->> 'dpid' from ${released} where ${passes}::int > 0)`,
      userId,
      passes,
      today,
    }),
  );
  return tx
    .with(released, spent)
    .select({
      hold: columnsOf(slotHolds, released),
      startsAt: productSlots.startsAt,
      user: users,
      product: products,
      airport: BOOKABLE_AIRPORT_COLUMNS,
      passesSpent: sql<boolean>`exists (select 1 from ${spent})`,
    })
    .from(released)
    .innerJoin(productSlots, eq(productSlots.id, released.slotId))
    .leftJoin(users, and(eq(users.id, userId), isNull(users.deletedAt)))
    .leftJoin(
      products,
      and(eq(products.id, released.productId), eq(products.kind, kind), eq(products.active, true)),
    )
    .leftJoin(airports, eq(airports.iataCode, products.airportCode))
    .prepare(name);
});

/**
 * The order's hold when it was no longer live (confirmHeldPlaces: it lapsed meanwhile, so its
 * places are taken again while any are left), read with what the booking needs besides.
 */
async function heldMeanwhile(
  app: FastifyInstance,
  tx: Tx,
  order: Order,
  passes: number,
  userId: string,
  kind: BookableKind,
  now: Date,
): Promise<HeldForBooking> {
  const found = await holdOfOrder(tx, order.id);
  if (!found) throw new CannotFulfil('no-hold');
  await confirmHeldPlaces(tx, found.hold, now);
  const { dpid } = found.hold.draft;
  return {
    ...found,
    bookable: await productToBook(tx, found.hold.productId, kind, app.env),
    passesSpent: passes > 0 && !!dpid && (await spendPasses(tx, userId, dpid, passes, now)),
    user: (await liveMember(tx, userId)) ?? null,
  };
}

/** confirmBooking's insert, its confirmation queued in the same statement (prepared.ts). */
const bookingInsert = preparedInsertWith(
  'booking_insert',
  {
    table: bookings,
    columns: [
      // Made here: the confirmation's files name the booking by it.
      'id',
      'reference',
      'userId',
      'dpid',
      'productId',
      'kind',
      'visitAt',
      'visitDate',
      'slotId',
      'places',
      'infants',
      'orderId',
      'flightNumber',
      'passengers',
      'passengerNames',
      'contactPrefix',
      'contactNumber',
      'email',
      'cardLabel',
      'amount',
      'currency',
      'passesUsed',
      'createdAt',
    ],
  },
  { table: outbox, columns: OUTBOX_COLUMNS },
);

/**
 * A paid booking order made into its booking, in the transaction of paid -> fulfilled: the
 * hold's places become the booking's (a hold that lapsed meanwhile takes places again if any
 * are left), the passes are spent, the booking row written (the database refuses a second one
 * for the member, lounge and day) and the confirmation queued. Anything that can no longer be
 * had throws CannotFulfil, and the engine refunds the order. Answers the booking.
 */
function confirmBooking(app: FastifyInstance, kind: BookableKind): Fulfil {
  return async (tx, order, now): Promise<BookingRow> => {
    const { userId } = order;
    if (!userId) throw new CannotFulfil('no-hold');
    const passes = passesIn(order);
    const [confirmed] = await confirmedHold(tx).execute({
      orderId: order.id,
      userId,
      kind,
      now,
      passes,
      today: membershipToday(now),
    });
    if (confirmed) inventoryVersions.moved(confirmed.hold.productId);
    const { hold, startsAt, user, bookable, passesSpent }: HeldForBooking = confirmed
      ? {
          ...confirmed,
          bookable:
            confirmed.product && confirmed.airport
              ? toBook(kind, { product: confirmed.product, airport: confirmed.airport }, app.env)
              : undefined,
        }
      : await heldMeanwhile(app, tx, order, passes, userId, kind, now);
    if (!bookable) throw new CannotFulfil('lounge-closed');
    const { draft } = hold;
    if (passes > 0 && !passesSpent) throw new CannotFulfil('passes-gone');
    if (!user) throw new CannotFulfil('member-gone');
    const card = order.cardId ? await payingCard(tx, userId, order.cardId, now) : undefined;

    const values = {
      id: randomUUID(),
      reference: newBookingReference(kind),
      userId,
      dpid: passes > 0 ? draft.dpid : null,
      productId: hold.productId,
      kind,
      visitAt: startsAt,
      visitDate: draft.date,
      slotId: hold.slotId,
      places: hold.places,
      infants: draft.infants,
      orderId: order.id,
      flightNumber: draft.flightNumber,
      passengers: hold.places + draft.infants,
      // Fast track names its lead passenger and the children going free too.
      passengerNames: [
        draft.leadName ?? `${user.firstName} ${user.lastName}`,
        ...draft.guests,
        ...(draft.freeChildren ?? []),
      ],
      contactPrefix: draft.contact.mobilePrefix,
      contactNumber: draft.contact.mobileNumber,
      email: draft.contact.email,
      cardLabel: order.amount > 0 ? (card?.label ?? null) : null,
      amount: order.amount,
      currency: order.currency,
      passesUsed: passes,
      createdAt: now,
    };
    const email = confirmationEmail(user, values, bookable, app.env.REFUND_NOTICE_HOURS);
    let booking;
    try {
      [booking] = await bookingInsert(tx).execute(values, outboxValues(email, now));
    } catch (err) {
      // A second booking of the member's at this lounge that day (confirmed meanwhile).
      if (isUniqueViolation(err)) throw new CannotFulfil('booking-limit');
      throw err;
    }
    if (!booking) throw new Error('a booking insert returned nothing');
    return booking;
  };
}

type BookingRow = typeof bookings.$inferSelect;

/**
 * The booking an order made (or changed), as the result page shows it; `known`, the product as
 * the call read it a moment before; `made`, the booking as the fulfilment wrote it, when this
 * call fulfilled the order.
 */
async function bookedBy(
  app: FastifyInstance,
  order: Order,
  known?: BookableProduct,
  made?: BookingRow,
): Promise<Booked | undefined> {
  const [row] = made
    ? [made]
    : await app.db
        .select()
        .from(bookings)
        .where(
          order.purpose === 'lounge-amend' && order.subject
            ? eq(bookings.id, order.subject)
            : eq(bookings.orderId, order.id),
        );
  if (!row) return undefined;
  const bookable =
    known?.product.id === row.productId
      ? known
      : await productToBook(app.db, row.productId, row.kind, app.env);
  return bookedView(app.env, row, bookable);
}

/** The booking a fulfilment of this call answered (confirmBooking), if it was this order's. */
const bookingMade = (charged: ChargeOutcome): BookingRow | undefined => {
  if (charged.outcome !== 'fulfilled' || typeof charged.delivered !== 'object') return undefined;
  const made = charged.delivered as BookingRow | null;
  return made?.orderId === charged.order.id ? made : undefined;
};

/**
 * A failed order lets go of its hold at once (the sweeper would, a little later); one replaced
 * by another checkout of the hold leaves it to that one.
 */
async function releaseIfFailed(app: FastifyInstance, charged: ChargeOutcome): Promise<void> {
  if (charged.outcome !== 'failed' || charged.reason === REPLACED) return;
  const [hold] = await app.db
    .select({ id: slotHolds.id })
    .from(slotHolds)
    .where(and(eq(slotHolds.orderId, charged.order.id), isNull(slotHolds.releasedAt)));
  if (hold) await releaseHold(app.db, hold.id, 'failed', app.clock.now());
}

async function orderState(
  app: FastifyInstance,
  charged: ChargeOutcome,
  bookable?: BookableProduct,
): Promise<BookingOrderState> {
  await releaseIfFailed(app, charged);
  const { order } = charged;
  const booking =
    charged.outcome === 'fulfilled'
      ? await bookedBy(app, order, bookable, bookingMade(charged))
      : undefined;
  return { ...orderAnswer(charged), ...(booking ? { booking } : {}) };
}

/** Where a booking's order stands: free ones are completed, charged ones settled. */
function settle(app: FastifyInstance, order: Order): Promise<ChargeOutcome> {
  return order.amount === 0 ? app.checkout.complete(order) : app.checkout.settle(order);
}

/** What each booking flow's orders are: their purpose, and where 3-D Secure sends the member back. */
const FLOWS = {
  lounge: { purpose: 'lounge-booking', paymentPage: '/prebooking/payment' },
  'fast-track': { purpose: 'fast-track', paymentPage: '/cipprebooking/payment' },
} as const satisfies Record<BookableKind, { purpose: OrderPurpose; paymentPage: string }>;

/** Where the hold of a payment stays held until: with `giveUpAt`, at least until then. */
const heldUntil = (giveUpAt: Placeholder) =>
  sql`greatest(${slotHolds.expiresAt}, coalesce(${giveUpAt}::timestamptz, ${slotHolds.expiresAt}))`;

/**
 * A live hold linked to an order, unless another order has it; with `giveUpAt`, held at least
 * until then (prepared.ts). For an order the member's key had already (openHoldOrder).
 */
const holdLink = prepared('hold_link', (tx, name) => {
  const { holdId, orderId, giveUpAt } = placeholders('holdId', 'orderId', 'giveUpAt');
  return tx
    .update(slotHolds)
    .set({ orderId: sql`${orderId}::uuid`, expiresAt: heldUntil(giveUpAt) })
    .where(
      and(
        eq(slotHolds.id, holdId),
        isNull(slotHolds.releasedAt),
        or(isNull(slotHolds.orderId), eq(slotHolds.orderId, orderId)),
      ),
    )
    .returning({ orderId: slotHolds.orderId })
    .prepare(name);
});

/** Why an order of a hold was closed: another checkout of the hold replaced it. */
const REPLACED = 'replaced';

/** The member's order under a checkout key, beside the order a statement writes. */
const keyed = alias(orders, 'keyed');

/**
 * One row of `table` as an insert-select gives it (drizzle asks for every column, in the
 * table's order): the columns `given` from the placeholders of their names, cast to their type;
 * the others their defaults, else null.
 */
function insertedRow<T extends PgTable>(table: T, given: readonly string[]) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => {
      const type = sql.raw(column.getSQLType());
      let value: SQL;
      if (given.includes(key)) value = sql`${sql.placeholder(key)}::${type}`;
      else if (column.defaultFn) throw new Error(`${key} is made by code: give it`);
      else if (is(column.default, SQL)) value = column.default;
      else if (column.default !== undefined) value = sql`${column.default}::${type}`;
      else value = sql`null::${type}`;
      return [key, value.as(column.name)];
    }),
  );
}

/** The columns a hold's new order is written with: openOrder's, and its id, made here. */
const HOLD_ORDER_COLUMNS = ['id', ...ORDER_COLUMNS] as const;

/**
 * A hold's new order, in one statement (issue 23: one round trip in every payment), the hold
 * linked first and the order written only if it was (issue 61: a checkout that loses the hold
 * to another leaves no order behind):
 * - linked: the live hold linked to the new order when it has no live order (none, or one
 *   failed: closed by closeUncharged, replaced); of checkouts at once, the first to lock the
 *   hold's row links it, the rest find it linked to a live order and write nothing;
 * - opened: the order, only when linked; nothing written when the member's key has an order
 *   already (a retry: answered with it, openHoldOrder).
 * Answers the order when it was opened. The foreign keys (the order the hold names, the member,
 * the card) are checked at the statement's end: no transaction locks a member or a card row for
 * update and then waits on a hold.
 */
const orderWithHold = prepared('order_with_hold', (tx, name) => {
  const { id, holdId, giveUpAt, userId, idempotencyKey } = placeholders(
    'id',
    'holdId',
    'giveUpAt',
    'userId',
    'idempotencyKey',
  );
  const keyHasOrder = exists(
    tx
      .select({ id: keyed.id })
      .from(keyed)
      .where(
        and(
          eq(keyed.userId, sql`${userId}::uuid`),
          eq(keyed.idempotencyKey, sql`${idempotencyKey}::text`),
        ),
      ),
  );
  const linked = tx.$with('linked').as(
    tx
      .update(slotHolds)
      .set({ orderId: sql`${id}::uuid`, expiresAt: heldUntil(giveUpAt) })
      .where(
        and(
          eq(slotHolds.id, holdId),
          isNull(slotHolds.releasedAt),
          or(
            isNull(slotHolds.orderId),
            inArray(
              slotHolds.orderId,
              tx.select({ id: orders.id }).from(orders).where(eq(orders.status, 'failed')),
            ),
          ),
          not(keyHasOrder),
        ),
      )
      .returning({ id: slotHolds.id }),
  );
  const opened = tx.$with('opened').as(
    tx
      .insert(orders)
      .select((qb) => qb.select(insertedRow(orders, HOLD_ORDER_COLUMNS)).from(linked).getSQL())
      .onConflictDoNothing({ target: ORDER_KEY })
      .returning(),
  );
  return tx
    .with(linked, opened)
    .select({ order: columnsOf(orders, opened) })
    .from(opened)
    .prepare(name);
});
const encodeOrder = columnEncoder(orders, HOLD_ORDER_COLUMNS);

/** A hold's payment's order as openHoldOrder found or made it. */
export interface HoldOrder {
  /** Undefined: nothing opened (the hold lapsed meanwhile, or another checkout of it has it). */
  opened: OpenedOrder | undefined;
  /** Whether the hold is linked to the order. */
  linked: boolean;
}

/**
 * A hold's payment's order opened once per idempotency key (openOrder), with the hold linked to
 * it (one live order per hold; held until `giveUpAt` when given): one statement for a new order
 * (orderWithHold). `replacing`, the hold's earlier order never charged (a checkout abandoned, or
 * its process stopped before the charge), is closed first (the engine's closeUncharged: not
 * when its charge was asked meanwhile, and then the hold stays its). A retry's key answers its
 * order, and links the hold to it again if another order has not taken it. Nothing is opened
 * when the hold lapsed meanwhile or another checkout took it first.
 */
export async function openHoldOrder(
  tx: Tx,
  request: OrderRequest,
  now: Date,
  link: { holdId: string; giveUpAt: Date | null; replacing?: string | undefined },
): Promise<HoldOrder> {
  const giveUpAt = link.giveUpAt?.toISOString() ?? null;
  if (link.replacing) {
    await closeUncharged(
      tx,
      and(eq(orders.id, link.replacing), eq(orders.userId, request.userId))!,
      REPLACED,
      now,
    );
  }
  let created;
  try {
    [created] = await orderWithHold(tx).execute({
      ...encodeOrder({ id: randomUUID(), ...orderRow(request, now) }),
      holdId: link.holdId,
      giveUpAt,
    });
  } catch (err) {
    // The same key sent at once for another hold: this statement linked the hold to an order
    // its insert then did not write (the key's), so nothing of it was kept; the key's order is
    // answered below (key-reused).
    if (!isForeignKeyViolation(err)) throw err;
  }
  if (created) return { opened: { outcome: 'created', order: created.order }, linked: true };
  const opened = await orderOfKey(tx, request);
  if (!opened || opened.outcome === 'key-reused') return { opened, linked: false };
  const [relinked] = await holdLink(tx).execute({
    holdId: link.holdId,
    orderId: opened.order.id,
    giveUpAt,
  });
  return { opened, linked: !!relinked };
}

/**
 * The price now of a booking, refused (priceChanged, with the price now) unless its total is the
 * one the member was shown (`shown`): the total they confirmed paying (confirmedTotal), else the
 * one the hold keeps from its last answer of a price (BookingDraft.quoted; none: none shown).
 */
function shownPrice(price: BookingPrice, shown: Money | undefined): BookingPrice {
  if (!sameTotal(shown, price.total)) throw new CallError('priceChanged', { price });
  return price;
}

/**
 * Pays for a hold (a lounge booking, a change adding paying guests, a fast-track booking)
 * through the checkout engine: a retry answers where its order stands; otherwise the hold still
 * live and inside the window, priced from our own tables, one order per idempotency key, the
 * hold linked to it (held until the engine gives up on a card payment), then charged.
 */
async function payForHold(
  app: FastifyInstance,
  userId: string,
  payload: {
    holdId: string;
    cardId?: string | undefined;
    idempotencyKey: string;
    confirmedTotal?: Money | undefined;
  },
  kind: BookableKind,
  /** The portal address the member pays from: 3-D Secure comes back there. */
  origin: string,
): Promise<BookingOrderState> {
  const now = app.clock.now();
  // A retry (a lost answer, a double click, back from 3-D Secure) of a hold already paying:
  // told where its order stands, never a second order or charge.
  const {
    hold: held,
    startsAt,
    membership,
    deciding,
  } = await ownHoldAt(app.db, userId, payload.holdId);
  /** The hold's earlier order, never charged, that this checkout replaces (openHoldOrder). */
  let replacing: string | undefined;
  if (held.orderId) {
    const order = await findOrder(app.db, held.orderId);
    const live = order && order.status !== 'failed';
    const ownKey = order?.idempotencyKey === payload.idempotencyKey;
    // Opened but never charged (the tab closed, the process stopped): another checkout's key
    // replaces it, the order closed; any other live order keeps the hold.
    const neverCharged = order?.status === 'created' && !order.chargeAskedAt;
    if (live && !ownKey && !neverCharged) throw new CallError('orderKeyReused');
    if (live && !ownKey) replacing = order.id;
    // Asked before (or nothing to pay): where it stands. Opened but never charged (the
    // process stopped in between): on below, which charges it.
    const asked = order?.chargeAskedAt || order?.amount === 0;
    if (live && ownKey && asked) return orderState(app, await settle(app, order));
  }
  // As this process keeps it while its row decides the same (decidingKey), else the row.
  const kept = await app.bookables.find(held.productId, kind);
  const bookable =
    kept && decidingKey(kept) === deciding
      ? kept
      : await productToBook(app.db, held.productId, kind, app.env);
  if (!bookable) {
    // Withdrawn meanwhile: 'Session expired'. Another flow's hold: not this call's to pay.
    const [product] = await app.db
      .select({ kind: products.kind })
      .from(products)
      .where(eq(products.id, held.productId));
    throw new CallError(product?.kind === kind ? 'prebookSessionExpired' : 'notFound');
  }
  // A lane whose sales are paused: pausing ended its unpaid holds, and one held as the pause
  // was made is refused here.
  if (bookable.product.salesPaused) throw new CallError('laneNotAvailable');
  const hold = stillLive(held, now, 'payable');
  // The window again: a hold made at the edge of it may be paid for minutes later.
  const window = bookingWindow(now, bookable.airport.timeZone);
  if (!insideWindow(window, hold.draft.date, startsAt)) throw new CallError('bookingOutsideWindow');
  const change = hold.draft.amend;
  // A booking is priced now (passes left, the guest price), and charged only the total the
  // member was shown; a change was priced when asked, and shown that price.
  const { lines, currency } = change
    ? {
        lines: orderLines(change.passes, change.paidGuests, change.unitAmount, bookable),
        currency: change.currency,
      }
    : bookingLines(
        shownPrice(
          priceDraft(membership, bookable, hold.draft, now),
          payload.confirmedTotal ?? hold.draft.quoted,
        ),
        bookable,
      );
  const amount = orderAmount(lines);
  const card =
    amount > 0 && payload.cardId
      ? await payingCard(app.db, userId, payload.cardId, now)
      : undefined;
  if (amount > 0 && !card) throw new CallError('notFound');

  // The hold belongs to this order from now on (one order per hold; a failed one is replaced).
  // A card payment may take until the engine gives up on it (3-D Secure): the places stay
  // held that long, so a member approving at their bank does not find them gone.
  const { opened, linked } = await openHoldOrder(
    app.db,
    {
      userId,
      idempotencyKey: payload.idempotencyKey,
      // A change's orders are the booking's (cancelling it refunds them all).
      purpose: change ? 'lounge-amend' : FLOWS[kind].purpose,
      subject: change ? change.bookingId : hold.id,
      lines,
      currency,
      ...(card ? { cardId: card.cardId } : {}),
    },
    now,
    {
      holdId: hold.id,
      giveUpAt:
        amount > 0 ? new Date(now.getTime() + app.env.CHARGE_GIVE_UP_MINUTES * 60_000) : null,
      replacing,
    },
  );
  if (opened?.outcome === 'key-reused') throw new CallError('orderKeyReused');
  // Lapsed meanwhile, or another checkout (another key, another tab) took it first.
  if (!opened || !linked) throw new CallError('prebookSessionExpired');
  const { order } = opened;

  if (order.amount === 0) return orderState(app, await app.checkout.complete(order), bookable);
  const charged = order.chargeAskedAt
    ? await app.checkout.settle(order)
    : await app.checkout.charge(order, {
        token: card!.token,
        returnUrl: change
          ? portalPageUrl(
              app.env,
              '/prebooking/amend',
              { bookingId: change.reference, orderId: order.id, threeDS: 'return' },
              origin,
            )
          : portalPageUrl(
              app.env,
              FLOWS[kind].paymentPage,
              { orderId: order.id, threeDS: 'return' },
              origin,
            ),
      });
  return orderState(app, charged, bookable);
}

/** A booking order of the member's, of one of the purposes, settled: where it stands. */
async function checkOrder(
  app: FastifyInstance,
  userId: string,
  orderId: string,
  purposes: readonly OrderPurpose[],
): Promise<BookingOrderState> {
  const order = await findOwnOrder(app.db, userId, orderId);
  if (!order || !purposes.includes(order.purpose)) throw new CallError('notFound');
  return orderState(app, await settle(app, order));
}

/**
 * prepare-order and check-payment-status of lounge and fast-track bookings (one payment path
 * for both), and their fulfilment.
 */
export function registerPayCalls(app: FastifyInstance): void {
  app.checkout.fulfilWith('lounge-booking', confirmBooking(app, 'lounge'));
  app.checkout.fulfilWith('fast-track', confirmBooking(app, 'fast-track'));

  registerCall(app, calls.prepareBookingOrder, ({ payload, member, request }) =>
    payForHold(app, member.userId, payload, 'lounge', browserOrigin(app.env, request)),
  );
  registerCall(app, calls.checkBookingPayment, ({ payload, member }) =>
    checkOrder(app, member.userId, payload.orderId, ['lounge-booking', 'lounge-amend']),
  );
  registerCall(app, calls.fastTrackPrepareOrder, ({ payload, member, request }) =>
    payForHold(app, member.userId, payload, 'fast-track', browserOrigin(app.env, request)),
  );
  registerCall(app, calls.fastTrackCheckPayment, ({ payload, member }) =>
    checkOrder(app, member.userId, payload.orderId, ['fast-track']),
  );
}
