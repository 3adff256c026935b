import type { WaitlistEntry } from '@portal/contract';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { airports, products, productSlots, slotHolds, slotWaitlist, users } from '../../db/schema';
import { releaseHold } from './inventory';

/*
 * The waiting lists of full slots: a member's place in a slot's queue, their live entries, and
 * leaving one. Joining and the offer round are the pre-booking module's (it sells the places);
 * My Bookings lists the entries and leaves them.
 */

/** A waiting entry's hold, joined while it still holds its places at `now`. */
export const liveHoldOf = (now: Date) =>
  and(
    eq(slotHolds.id, slotWaitlist.holdId),
    isNull(slotHolds.releasedAt),
    gt(slotHolds.expiresAt, now),
  );
/** Live: still waiting, or told and the places still held (not booked, not lapsed). */
export const liveEntry = or(isNull(slotWaitlist.notifiedAt), sql`${slotHolds.id} is not null`);

/** Builds the subqueries below, which the calls' own statements embed. */
const qb = new QueryBuilder();
const ahead = alias(slotWaitlist, 'ahead');

/**
 * A waiting entry's place in its slot's queue, as the round takes them: first come first served
 * (joinedAt keeps that order), counted in the database, not from times read back.
 */
export const positionInQueue = sql<number>`(${qb
  .select({ n: sql`count(*)::int` })
  .from(ahead)
  .where(
    and(
      eq(ahead.slotId, slotWaitlist.slotId),
      isNull(ahead.notifiedAt),
      sql`(${ahead.createdAt}, ${ahead.id}) <= (${slotWaitlist.createdAt}, ${slotWaitlist.id})`,
    ),
  )})`.mapWith(Number);

/**
 * When an entry joins a slot's queue: now, or just after the last to join it, should that be
 * later (the same instant, or a clock a little behind): with the slot's row locked, the queue's
 * order is the order of joining, and a position told is the position kept. A millisecond, as a
 * time read back into JavaScript keeps no finer.
 */
export const joinedAt = (slotId: string, now: Date) =>
  sql<Date>`greatest(${now.toISOString()}::timestamptz, (${qb
    .select({ last: sql`max(${ahead.createdAt}) + interval '1 millisecond'` })
    .from(ahead)
    .where(eq(ahead.slotId, slotId))}))`;

/** A member's live waiting-list entries, soonest visit first (My Bookings). */
export async function waitlistEntriesOf(
  db: Tx,
  userId: string,
  now: Date,
): Promise<WaitlistEntry[]> {
  const rows = await db
    .select({
      entry: slotWaitlist,
      date: productSlots.localDate,
      time: productSlots.localTime,
      loungeName: products.name,
      airportName: airports.name,
      heldUntil: slotHolds.expiresAt,
      position: positionInQueue,
    })
    .from(slotWaitlist)
    .innerJoin(productSlots, eq(productSlots.id, slotWaitlist.slotId))
    .innerJoin(products, eq(products.id, slotWaitlist.productId))
    .innerJoin(airports, eq(airports.iataCode, products.airportCode))
    .leftJoin(slotHolds, liveHoldOf(now))
    .where(and(eq(slotWaitlist.userId, userId), gt(productSlots.startsAt, now), liveEntry))
    .orderBy(asc(productSlots.startsAt), asc(slotWaitlist.id));
  return rows.map((row) => {
    const held = row.entry.notifiedAt !== null && row.heldUntil !== null;
    return {
      id: row.entry.id,
      code: row.entry.productId,
      loungeName: row.loungeName,
      airportName: row.airportName,
      date: row.date,
      time: row.time,
      places: row.entry.places,
      position: held ? null : Math.max(1, row.position),
      holdId: held ? row.entry.holdId : null,
      heldUntil: held ? row.heldUntil!.toISOString() : null,
    };
  });
}

/**
 * Leaves one of the member's waiting-list entries (`entryId`, a uuid): the places already held
 * for them from it go back to the slot (for the next in the queue). False when it is not theirs.
 */
export function leaveWaitlist(
  db: Tx,
  userId: string,
  entryId: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // After the member's joins, as they take their locks (member, slot, entry): never crossed.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [left] = await tx
      .delete(slotWaitlist)
      .where(and(eq(slotWaitlist.id, entryId), eq(slotWaitlist.userId, userId)))
      .returning();
    if (!left) return false;
    if (left.holdId) await releaseHold(tx, left.holdId, 'left', now);
    return true;
  });
}
