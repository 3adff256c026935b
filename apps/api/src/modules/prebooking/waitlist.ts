import { BOOKING_MIN_AHEAD_MS, calls, type WaitlistEntry } from '@portal/contract';
import { and, asc, count, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import {
  airports,
  products,
  productSlots,
  slotHolds,
  slotWaitlist,
  type BookingDraft,
} from '../../db/schema';
import { liveMember } from '../../members/member-row';
import { membershipInUse } from '../../members/membership-in-use';
import { CallError } from '../../platform/call-error';
import { isUuid } from '../../platform/ids';
import { enqueueMessage } from '../../platform/outbox';
import { portalPageUrl } from '../../platform/portal-url';
import { bookingWindow, insideWindow, placeHold, releaseHold, slotRow } from '../../platform/slots';
import { registerCall } from '../../plugins/calls';
import { loungeToBook } from './bookable-product';
import { memberContact } from './hold-calls';
import { refuseExtraGuests } from './lounge-rules';
import { mustFindLounge, slotAt } from './slot-calls';

/** How long places freed for a waiting member stay held for them. */
export const WAITLIST_HOLD_MINUTES = 30;
const BATCH = 50;

/** Joining the queue of a full slot, the member's entries, and leaving one. */
export function registerWaitlist(app: FastifyInstance): void {
  registerCall(app, calls.joinWaitlist, async ({ payload, member }) => {
    const lounge = await mustFindLounge(app, payload.code);
    refuseExtraGuests(payload.places - 1, lounge, await membershipInUse(app.db, member.userId));
    const slot = slotAt(lounge, payload.date, payload.time);
    const window = bookingWindow(app.clock.now(), lounge.airport.timeZone);
    if (!insideWindow(window, payload.date, slot.startsAt))
      throw new CallError('bookingOutsideWindow');
    return app.db.transaction(async (tx) => {
      const row = await slotRow(tx, {
        productId: lounge.product.id,
        startsAt: slot.startsAt,
        localDate: payload.date,
        localTime: slot.time,
        capacity: lounge.capacity,
      });
      // Asking again keeps the place in the queue, with the places asked now (while waiting).
      await tx
        .insert(slotWaitlist)
        .values({
          userId: member.userId,
          productId: lounge.product.id,
          slotId: row.id,
          places: payload.places,
          createdAt: app.clock.now(),
        })
        .onConflictDoUpdate({
          target: [slotWaitlist.userId, slotWaitlist.slotId],
          set: { places: payload.places },
          setWhere: isNull(slotWaitlist.notifiedAt),
        });
      const [mine] = await tx
        .select()
        .from(slotWaitlist)
        .where(and(eq(slotWaitlist.userId, member.userId), eq(slotWaitlist.slotId, row.id)));
      return { position: await positionOf(tx, mine!), places: mine!.places };
    });
  });

  registerCall(app, calls.listWaitlist, async ({ member }) => {
    const now = app.clock.now();
    const rows = await app.db
      .select({
        entry: slotWaitlist,
        date: productSlots.localDate,
        time: productSlots.localTime,
        loungeName: products.name,
        airportName: airports.name,
        heldUntil: slotHolds.expiresAt,
      })
      .from(slotWaitlist)
      .innerJoin(productSlots, eq(productSlots.id, slotWaitlist.slotId))
      .innerJoin(products, eq(products.id, slotWaitlist.productId))
      .innerJoin(airports, eq(airports.iataCode, products.airportCode))
      .leftJoin(
        slotHolds,
        and(
          eq(slotHolds.id, slotWaitlist.holdId),
          isNull(slotHolds.releasedAt),
          gt(slotHolds.expiresAt, now),
        ),
      )
      .where(
        and(
          eq(slotWaitlist.userId, member.userId),
          gt(productSlots.startsAt, now),
          // Live: still waiting, or told and the places still held (not booked, not lapsed).
          or(isNull(slotWaitlist.notifiedAt), sql`${slotHolds.id} is not null`),
        ),
      )
      .orderBy(asc(productSlots.startsAt), asc(slotWaitlist.id));
    const entries: WaitlistEntry[] = [];
    for (const row of rows) {
      const held = row.entry.notifiedAt !== null && row.heldUntil !== null;
      entries.push({
        id: row.entry.id,
        code: row.entry.productId,
        loungeName: row.loungeName,
        airportName: row.airportName,
        date: row.date,
        time: row.time,
        places: row.entry.places,
        position: held ? null : await positionOf(app.db, row.entry),
        holdId: held ? row.entry.holdId : null,
        heldUntil: held ? row.heldUntil!.toISOString() : null,
      });
    }
    return { entries };
  });

  registerCall(app, calls.leaveWaitlist, async ({ payload, member }) => {
    // Not a uuid: nobody's entry (the database would refuse it as one).
    if (!isUuid(payload.id)) throw new CallError('notFound');
    return app.db.transaction(async (tx) => {
      const [left] = await tx
        .delete(slotWaitlist)
        .where(and(eq(slotWaitlist.id, payload.id), eq(slotWaitlist.userId, member.userId)))
        .returning();
      if (!left) throw new CallError('notFound');
      // Places already held from the list go back to the slot (for the next in the queue).
      if (left.holdId) await releaseHold(tx, left.holdId, 'left', app.clock.now());
      return { left: true as const };
    });
  });
}

type WaitlistRow = typeof slotWaitlist.$inferSelect;

/** A waiting entry's place in its slot's queue: first come first served, the same moment by id. */
async function positionOf(tx: Tx, mine: WaitlistRow): Promise<number> {
  const [ahead] = await tx
    .select({ n: count() })
    .from(slotWaitlist)
    .where(
      and(
        eq(slotWaitlist.slotId, mine.slotId),
        isNull(slotWaitlist.notifiedAt),
        // As the round takes them.
        or(
          lt(slotWaitlist.createdAt, mine.createdAt),
          and(eq(slotWaitlist.createdAt, mine.createdAt), lte(slotWaitlist.id, mine.id)),
        ),
      ),
    );
  return Math.max(1, ahead?.n ?? 1);
}

/**
 * One round: for each waiting member, first come first served, whose slot has their places
 * free now, the places are held for them (the same conditional take as any hold, so a member
 * booking at that moment and the queue never both get them) and they are emailed a link that
 * books them. Answers how many were told.
 */
export async function notifyWaitlist(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const waiting = await app.db
    .select({ entry: slotWaitlist, slot: productSlots })
    .from(slotWaitlist)
    .innerJoin(productSlots, eq(productSlots.id, slotWaitlist.slotId))
    .where(
      and(
        isNull(slotWaitlist.notifiedAt),
        sql`${productSlots.capacity} - ${productSlots.taken} >= ${slotWaitlist.places}`,
        // Only a visit still inside the booking window (48 hours ahead at least).
        sql`${productSlots.startsAt} >= ${new Date(now.getTime() + BOOKING_MIN_AHEAD_MS)}`,
      ),
    )
    .orderBy(asc(slotWaitlist.createdAt), asc(slotWaitlist.id))
    .limit(BATCH);
  let told = 0;
  for (const { entry, slot } of waiting) {
    const lounge = await loungeToBook(app.db, entry.productId, app.env);
    const user = await liveMember(app.db, entry.userId);
    if (!lounge || !user) continue;
    const draft: BookingDraft = {
      date: slot.localDate,
      time: slot.localTime,
      flightNumber: '',
      guests: [],
      infants: 0,
      dpid: null,
      passesOnly: false,
      waiting: true,
      contact: memberContact(user),
    };
    const expiresAt = new Date(now.getTime() + WAITLIST_HOLD_MINUTES * 60_000);
    const done = await app.db.transaction(async (tx) => {
      // Told once, even with two sweepers at the same entry.
      const [claimed] = await tx
        .update(slotWaitlist)
        .set({ notifiedAt: now })
        .where(and(eq(slotWaitlist.id, entry.id), isNull(slotWaitlist.notifiedAt)))
        .returning();
      if (!claimed) return false;
      const hold = await placeHold(tx, {
        userId: entry.userId,
        productId: entry.productId,
        slotId: slot.id,
        places: entry.places,
        expiresAt,
        draft,
      });
      // Taken meanwhile by someone booking: the member stays in the queue.
      if (!hold) {
        await tx
          .update(slotWaitlist)
          .set({ notifiedAt: null })
          .where(eq(slotWaitlist.id, entry.id));
        return false;
      }
      await tx.update(slotWaitlist).set({ holdId: hold.id }).where(eq(slotWaitlist.id, entry.id));
      const link = portalPageUrl(app.env, '/prebooking/detail', {
        code: entry.productId,
        date: slot.localDate,
        time: slot.localTime,
        hold: hold.id,
      });
      await enqueueMessage(
        tx,
        {
          channel: 'email',
          to: user.email,
          subject: `A place is free at ${lounge.product.name}`,
          body: [
            `Hello ${user.firstName},`,
            '',
            `A place has freed up at ${lounge.product.name} (${lounge.airport.name}) on ` +
              `${slot.localDate} at ${slot.localTime} local time. We are holding ` +
              `${entry.places === 1 ? 'it' : `${entry.places} places`} for you for ${WAITLIST_HOLD_MINUTES} minutes.`,
            '',
            `Book it here: ${link}`,
          ].join('\n'),
          link,
        },
        now,
      );
      return true;
    });
    if (done) told += 1;
  }
  return told;
}
