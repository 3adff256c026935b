import {
  and,
  asc,
  eq,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { placeholders, prepared } from '../../db/prepared';
import {
  orders,
  productSlots,
  slotHolds,
  type BookingDraft,
  type HoldRelease,
} from '../../db/schema';
import { isUniqueViolation } from '../db-errors';
import { versions } from '../read-cache';

/*
 * The slot inventory (DESIGN §6): places per product and slot; take, hold, release, each by one
 * conditional update, so nothing is oversold however many members, tabs and processes book at
 * once. Lounges and fast-track lanes share it.
 */

/**
 * Changes to each product's places (by product id), moved after each write of this module: the
 * slot grids this process keeps are read again after a change here (read-cache.ts).
 */
export const inventoryVersions = versions();

export type SlotRow = typeof productSlots.$inferSelect;
export type HoldRow = typeof slotHolds.$inferSelect;

export interface SlotKey {
  productId: string;
  startsAt: Date;
  localDate: string;
  localTime: string;
  /** The product's capacity per slot, for a slot asked for the first time. */
  capacity: number;
}

const slotAt = (tx: Tx, key: Pick<SlotKey, 'productId' | 'startsAt'>) =>
  tx
    .select()
    .from(productSlots)
    .where(and(eq(productSlots.productId, key.productId), eq(productSlots.startsAt, key.startsAt)));

/**
 * The row of a slot, made with the product's capacity when it is first asked for: read first
 * (one statement once the slot exists, as it nearly always does), made only when missing. For
 * the callers that go on in a transaction of their own (amend, waitlist): a row another booking
 * made meanwhile is read again, not answered by madeSlotRow's upsert, whose update would hold
 * the row's lock to the transaction's end, taken before the caller's own locks (the booking,
 * the membership) and in another order than theirs.
 */
export async function slotRow(tx: Tx, key: SlotKey): Promise<SlotRow> {
  const [existing] = await slotAt(tx, key);
  if (existing) return existing;
  const [made] = await tx
    .insert(productSlots)
    .values({ ...key, taken: 0 })
    .onConflictDoNothing({ target: [productSlots.productId, productSlots.startsAt] })
    .returning();
  if (made) return made;
  // Made by another booking since the read (its insert, waited for, committed): read again.
  const [meanwhile] = await slotAt(tx, key);
  if (!meanwhile) throw new Error('a slot conflicted on its key, and then was not there');
  return meanwhile;
}

/**
 * The row of a slot its caller found missing, made with the product's capacity: one upsert that
 * answers the row as it is, whoever made it (the bookers asking for a new slot at once each get
 * it in one statement, not an insert, then a read for those another booking beat). An existing
 * row is left as it is: its update writes its own capacity back.
 */
export async function madeSlotRow(tx: Tx, key: SlotKey): Promise<SlotRow> {
  const [row] = await tx
    .insert(productSlots)
    .values({ ...key, taken: 0 })
    .onConflictDoUpdate({
      target: [productSlots.productId, productSlots.startsAt],
      set: { capacity: sql`${productSlots.capacity}` },
    })
    .returning();
  if (!row) throw new Error('a slot upsert answered no row');
  return row;
}

/**
 * The take of `places` in a slot if they are left: one statement decides (`taken + n <=
 * capacity`), so of any number of takers at once exactly as many succeed as there are places.
 * Every take is made of it (takePlaces, placeHold).
 */
const take = (tx: Tx, slotId: string | Placeholder, places: number | Placeholder) =>
  tx
    .update(productSlots)
    .set({ taken: sql`${productSlots.taken} + ${places}` })
    .where(
      and(
        eq(productSlots.id, slotId),
        sql`${productSlots.taken} + ${places} <= ${productSlots.capacity}`,
      ),
    );

/** Takes `places` in a slot if they are left (take); the slot after, or undefined when full. */
export async function takePlaces(
  tx: Tx,
  slotId: string,
  places: number,
): Promise<SlotRow | undefined> {
  const [taken] = await take(tx, slotId, places).returning();
  if (taken) inventoryVersions.moved(taken.productId);
  return taken;
}

/** Gives `places` back to a slot (a cancelled booking, a released hold). */
export async function givePlaces(tx: Tx, slotId: string, places: number): Promise<void> {
  if (places <= 0) return;
  const [given] = await tx
    .update(productSlots)
    .set({ taken: sql`${productSlots.taken} - ${places}` })
    .where(eq(productSlots.id, slotId))
    .returning({ productId: productSlots.productId });
  if (given) inventoryVersions.moved(given.productId);
}

export interface HoldRequest {
  userId: string;
  productId: string;
  slotId: string;
  places: number;
  expiresAt: Date;
  draft: BookingDraft;
}

/**
 * A hold refused because the member has a live hold at the product that day already: one made
 * by another of their calls that committed after the caller looked (a member holds places at a
 * product on one day once at most, slot_holds_live_member_day_idx). Nothing was taken: the
 * caller releases that hold and holds again, in a transaction of its own.
 */
export class HoldConflict extends Error {
  constructor(cause: unknown) {
    super('the member has a live hold at this product that day', { cause });
    this.name = 'HoldConflict';
  }
}

/**
 * Holds places for a checkout: taken from the slot and recorded as a hold in one statement (the
 * take is the insert's CTE: both or neither), in the caller's transaction or on its own (issue
 * 23: four statements with the transaction's). Undefined when the slot has not that many places
 * left; HoldConflict when the member holds places at the product that day already.
 */
export async function placeHold(tx: Tx, request: HoldRequest): Promise<HoldRow | undefined> {
  const [made] = await holdStatement(tx)
    .execute({
      ...request,
      expiresAt: request.expiresAt.toISOString(),
      draft: JSON.stringify(request.draft),
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? new HoldConflict(err) : err;
    });
  // Counted as takePlaces counts: a grid read before the caller's commit is not kept (SETTLE_MS).
  if (made) inventoryVersions.moved(made.productId);
  return made;
}

/** placeHold's statement (prepared.ts): the take, then the hold made from the slot it took. */
const holdStatement = prepared('place_hold', (tx, name) => {
  const { userId, slotId, places, expiresAt, draft } = placeholders(
    'userId',
    'slotId',
    'places',
    'expiresAt',
    'draft',
  );
  const taken = tx.$with('taken').as(
    take(tx, slotId, places).returning({
      slotId: productSlots.id,
      productId: productSlots.productId,
      localDate: productSlots.localDate,
    }),
  );
  // Every column of the table, in its order (drizzle's insert-select asks for that).
  return tx
    .with(taken)
    .insert(slotHolds)
    .select((qb) =>
      qb
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          userId: sql`${userId}::uuid`.as('user_id'),
          productId: taken.productId,
          slotId: taken.slotId,
          places: sql`${places}::int`.as('places'),
          expiresAt: sql`${expiresAt}::timestamptz`.as('expires_at'),
          releasedAt: sql`null::timestamptz`.as('released_at'),
          releaseReason: sql`null::text`.as('release_reason'),
          orderId: sql`null::uuid`.as('order_id'),
          draft: sql`${draft}::jsonb`.as('draft'),
          createdAt: sql`now()`.as('created_at'),
          localDate: taken.localDate,
        })
        .from(taken),
    )
    .returning()
    .prepare(name);
});

/**
 * The one release of a hold (releaseHold, confirmOrderHold): the hold `which` picks, while it is
 * not released, released at `at` for `reason`, answered; nothing when it was released already.
 */
const releaseOnce = (tx: Tx, which: SQL, reason: HoldRelease, at: Date | SQL) =>
  tx
    .update(slotHolds)
    .set({ releasedAt: at, releaseReason: reason })
    .where(and(which, isNull(slotHolds.releasedAt)))
    .returning();

/**
 * Releases a hold, once: one conditional update on `released_at is null`, so the sweeper, a
 * failed payment and a confirmation racing for one hold release it exactly once. Confirmed
 * places stay taken (they are the booking's now); any other release gives them back. Answers
 * the released hold, or undefined when it had been released already.
 */
export async function releaseHold(
  tx: Tx,
  holdId: string,
  reason: HoldRelease,
  now: Date,
): Promise<HoldRow | undefined> {
  const release = async (inner: Tx) => {
    const [done] = await releaseOnce(inner, eq(slotHolds.id, holdId), reason, now);
    if (done && reason !== 'confirmed') await givePlaces(inner, done.slotId, done.places);
    return done;
  };
  // A confirmation is one statement; a release that gives places back is two, made one.
  const released = reason === 'confirmed' ? await release(tx) : await tx.transaction(release);
  // A member's own held places count as free to them in their grid: a release changes that too.
  if (released) inventoryVersions.moved(released.productId);
  return released;
}

/**
 * Lets go of a member's live holds of a product on a day (and of `alsoId`, a hold of theirs
 * named to replace, wherever it is), each released once, its places given back: what a new hold
 * there replaces (one live hold per member, product and day). Answers the holds released.
 */
export async function releaseMemberHolds(
  tx: Tx,
  hold: { userId: string; productId: string; localDate: string; alsoId?: string | undefined },
  now: Date,
): Promise<HoldRow[]> {
  const sameDay = and(
    eq(slotHolds.productId, hold.productId),
    eq(slotHolds.localDate, hold.localDate),
  );
  const released = await releaseOnce(
    tx,
    and(
      eq(slotHolds.userId, hold.userId),
      hold.alsoId ? or(sameDay, eq(slotHolds.id, hold.alsoId)) : sameDay,
    )!,
    'replaced',
    now,
  );
  for (const done of released) {
    await givePlaces(tx, done.slotId, done.places);
    inventoryVersions.moved(done.productId);
  }
  return released;
}

/**
 * releaseHold's confirmation by the order the hold is linked to, as a statement to build on: a
 * booking's fulfilment reads what it needs with it, in one prepared statement (pay-calls.ts).
 * The same conditional update on `released_at is null`: the places stay taken. The caller
 * counts the change (inventoryVersions.moved) for the hold it answers.
 */
export const confirmOrderHold = (tx: Tx, orderId: Placeholder, now: Placeholder) =>
  releaseOnce(tx, eq(slotHolds.orderId, orderId), 'confirmed', sql`${now}`);

/** A hold whose order can no longer be paid: failed, or paid and being refunded. */
const deadOrders = (tx: Tx) =>
  tx
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.status, ['failed', 'refund-pending', 'refunded']));

/**
 * The sweeper's round: holds past their expiry (lapsed) and holds whose payment failed, each
 * released once with its places given back. Answers the slots that got places back.
 */
export async function sweepHolds(tx: Tx, now: Date, batch = 200): Promise<HoldRow[]> {
  const due = await tx
    .select({ id: slotHolds.id, expiresAt: slotHolds.expiresAt })
    .from(slotHolds)
    .where(
      and(
        isNull(slotHolds.releasedAt),
        or(lte(slotHolds.expiresAt, now), inArray(slotHolds.orderId, deadOrders(tx))),
      ),
    )
    .orderBy(asc(slotHolds.expiresAt))
    .limit(batch);
  const released: HoldRow[] = [];
  for (const hold of due) {
    const reason = hold.expiresAt.getTime() <= now.getTime() ? 'lapsed' : 'failed';
    const done = await releaseHold(tx, hold.id, reason, now);
    if (done) released.push(done);
  }
  return released;
}
