import { BOOKING_MIN_AHEAD_MS, calls } from '@portal/contract';
import { and, asc, count, eq, gt, isNull, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { bookings, productSlots, slotHolds, slotWaitlist } from '../../db/schema';
import { liveMember, lockedMember, type User } from '../../members/member-row';
import { membershipInUse } from '../../members/membership-in-use';
import { CallError } from '../../platform/call-error';
import { enqueueMessage } from '../../platform/outbox';
import { portalPageUrl } from '../../platform/portal-url';
import {
  bookingWindow,
  HoldConflict,
  insideWindow,
  joinedAt,
  liveEntry,
  liveHoldOf,
  placeHold,
  positionInQueue,
  slotRow,
} from '../../platform/slots';
import { registerCall } from '../../plugins/calls';
import { loungeToBook, type BookableProduct } from './bookable-product';
import { memberContact } from './hold-calls';
import { refuseExtraGuests } from './lounge-rules';
import { hasBookingThatDay, mustFindLounge, slotAt } from './slot-calls';

/** How many slots a member may wait on at once (issue 61: nobody corners a day's places). */
export const WAITLIST_MAX_SLOTS = 3;
const BATCH = 50;

/** The slot of a member's other hold, in the round's read. */
const heldSlot = alias(productSlots, 'held_slot');

/** Joining the queue of a full slot (My Bookings lists a member's entries and leaves one). */
export function registerWaitlist(app: FastifyInstance): void {
  registerCall(app, calls.joinWaitlist, async ({ payload, member }) => {
    const { userId } = member;
    const lounge = await mustFindLounge(app, payload.code);
    refuseExtraGuests(payload.places - 1, lounge, await membershipInUse(app.db, userId));
    const slot = slotAt(lounge, payload.date, payload.time);
    const now = app.clock.now();
    const window = bookingWindow(now, lounge.airport.timeZone);
    if (!insideWindow(window, payload.date, slot.startsAt))
      throw new CallError('bookingOutsideWindow');
    // One booking a lounge a day: a member booked there that day waits for nothing there.
    if (await hasBookingThatDay(app.db, userId, lounge.product.id, payload.date))
      throw new CallError('bookingLimitReached');
    return app.db.transaction(async (tx) => {
      // The member's joins one at a time: the slots they wait on counted, and the new entry
      // made, as one step (their other joins at once wait here, then count this one).
      await lockedMember(tx, userId, 'no key update');
      const { id: slotId } = await slotRow(tx, {
        productId: lounge.product.id,
        startsAt: slot.startsAt,
        localDate: payload.date,
        localTime: slot.time,
        capacity: lounge.capacity,
      });
      // The slot's joiners one at a time, its places as they are now: the queue is for a full
      // slot only (the round would hold open places for whoever waits), and each joiner is
      // placed after those before (joinedAt).
      const [locked] = await tx
        .select({ taken: productSlots.taken, capacity: productSlots.capacity })
        .from(productSlots)
        .where(eq(productSlots.id, slotId))
        .for('update');
      if (!locked) throw new Error('a slot row was not there to lock');
      if (locked.capacity - locked.taken >= payload.places) throw new CallError('waitlistSlotOpen');
      const [elsewhere] = await tx
        .select({ n: count() })
        .from(slotWaitlist)
        .innerJoin(productSlots, eq(productSlots.id, slotWaitlist.slotId))
        .leftJoin(slotHolds, liveHoldOf(now))
        .where(
          and(
            eq(slotWaitlist.userId, userId),
            ne(slotWaitlist.slotId, slotId),
            gt(productSlots.startsAt, now),
            liveEntry,
          ),
        );
      if ((elsewhere?.n ?? 0) >= WAITLIST_MAX_SLOTS) throw new CallError('waitlistLimitReached');
      // Asking again keeps the place in the queue, with the places asked now (while waiting).
      await tx
        .insert(slotWaitlist)
        .values({
          userId,
          productId: lounge.product.id,
          slotId,
          places: payload.places,
          createdAt: joinedAt(slotId, now),
        })
        .onConflictDoUpdate({
          target: [slotWaitlist.userId, slotWaitlist.slotId],
          set: { places: payload.places },
          setWhere: isNull(slotWaitlist.notifiedAt),
        });
      const [mine] = await tx
        .select({ places: slotWaitlist.places, position: positionInQueue })
        .from(slotWaitlist)
        .where(and(eq(slotWaitlist.userId, userId), eq(slotWaitlist.slotId, slotId)));
      if (!mine) throw new Error('a waiting entry was not there after its upsert');
      return { position: Math.max(1, mine.position), places: mine.places };
    });
  });
}

/**
 * One round: for each waiting member, first come first served, whose slot has their places
 * free now, the places are held for them (the same conditional take as any hold, so a member
 * booking at that moment and the queue never both get them) and they are emailed a link that
 * books them, for the ordinary hold time (SLOT_HOLD_MINUTES). A member booked there that day, or
 * holding places there that day (a checkout under way: one live hold a product a day), is passed
 * over. Answers how many were told.
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
        notExists(
          app.db
            .select({ id: bookings.id })
            .from(bookings)
            .where(
              and(
                eq(bookings.userId, slotWaitlist.userId),
                eq(bookings.productId, slotWaitlist.productId),
                eq(bookings.visitDate, productSlots.localDate),
                ne(bookings.status, 'cancelled'),
              ),
            ),
        ),
        notExists(
          app.db
            .select({ id: slotHolds.id })
            .from(slotHolds)
            .innerJoin(heldSlot, eq(heldSlot.id, slotHolds.slotId))
            .where(
              and(
                eq(slotHolds.userId, slotWaitlist.userId),
                eq(heldSlot.productId, slotWaitlist.productId),
                eq(heldSlot.localDate, productSlots.localDate),
                isNull(slotHolds.releasedAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(slotWaitlist.createdAt), asc(slotWaitlist.id))
    .limit(BATCH);
  let told = 0;
  for (const { entry, slot } of waiting) {
    const lounge = await loungeToBook(app.db, entry.productId, app.env);
    const user = await liveMember(app.db, entry.userId);
    if (!lounge || !user) continue;
    const offer = { entry, slot, lounge, user, now };
    const done = await app.db
      .transaction((tx) => offerPlaces(app, tx, offer))
      .catch((err: unknown) => {
        // The member held places there that day since the read (a pre-book): passed over.
        if (err instanceof HoldConflict) return false;
        throw err;
      });
    if (done) told += 1;
  }
  return told;
}

/** A waiting entry the round offers places to, with what the offer is made of. */
interface Offer {
  entry: typeof slotWaitlist.$inferSelect;
  slot: typeof productSlots.$inferSelect;
  lounge: BookableProduct;
  user: User;
  now: Date;
}

/**
 * One entry's offer: the places held and the member emailed, or nothing (answered false) when
 * another round told them first or the places were taken meanwhile.
 */
async function offerPlaces(app: FastifyInstance, tx: Tx, offer: Offer): Promise<boolean> {
  const { entry, slot, lounge, user, now } = offer;
  // The slot's row first, as a join locks it (then the entry): a member asking again at this
  // moment waits for the offer, never crosses it.
  await tx
    .select({ id: productSlots.id })
    .from(productSlots)
    .where(eq(productSlots.id, slot.id))
    .for('update');
  // Told once, even with two sweepers at the same entry.
  const [claimed] = await tx
    .update(slotWaitlist)
    .set({ notifiedAt: now })
    .where(and(eq(slotWaitlist.id, entry.id), isNull(slotWaitlist.notifiedAt)))
    .returning();
  if (!claimed) return false;
  const minutes = app.env.SLOT_HOLD_MINUTES;
  const hold = await placeHold(tx, {
    userId: entry.userId,
    productId: entry.productId,
    slotId: slot.id,
    places: claimed.places,
    expiresAt: new Date(now.getTime() + minutes * 60_000),
    draft: {
      date: slot.localDate,
      time: slot.localTime,
      flightNumber: '',
      guests: [],
      infants: 0,
      dpid: null,
      passesOnly: false,
      waiting: true,
      contact: memberContact(user),
    },
  });
  // Taken meanwhile by someone booking: the member stays in the queue.
  if (!hold) {
    await tx.update(slotWaitlist).set({ notifiedAt: null }).where(eq(slotWaitlist.id, entry.id));
    return false;
  }
  await tx.update(slotWaitlist).set({ holdId: hold.id }).where(eq(slotWaitlist.id, entry.id));
  const link = portalPageUrl(app.env, '/prebooking/detail', {
    code: entry.productId,
    date: slot.localDate,
    time: slot.localTime,
    hold: hold.id,
  });
  const { name } = lounge.product;
  await enqueueMessage(
    tx,
    {
      channel: 'email',
      to: user.email,
      subject: `A place is free at ${name}`,
      body: [
        `Hello ${user.firstName},`,
        '',
        `A place has freed up at ${name} (${lounge.airport.name}) on ${slot.localDate} at ` +
          `${slot.localTime} local time. We are holding ` +
          `${hold.places === 1 ? 'it' : `${hold.places} places`} for you for ${minutes} minutes.`,
        '',
        `Book it here: ${link}`,
      ].join('\n'),
      link,
    },
    now,
  );
  return true;
}
