import { calls, type Amended } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { bookings, memberships } from '../../db/schema';
import { memberOrAuthFailure } from '../../members/member-row';
import { membershipInUse } from '../../members/membership-in-use';
import { CallError } from '../../platform/call-error';
import { askPartRefund } from '../../platform/checkout';
import { isUniqueViolation } from '../../platform/db-errors';
import { enqueueMessage } from '../../platform/outbox';
import { bookingWindow, givePlaces, insideWindow, slotRow, takePlaces } from '../../platform/slots';
import { registerCall } from '../../plugins/calls';
import { loungeToBook } from './bookable-lounge';
import { spendPasses } from './booking-memberships';
import { bookedView } from './booked-view';
import { slotAt } from './slot-calls';

const HOUR_MS = 60 * 60 * 1000;

/** The member's booked lounge visit, locked for the change (a cancel waits, and reads it after). */
async function lockedBooking(tx: Tx, userId: string, reference: string) {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.reference, reference.toUpperCase()),
        eq(bookings.kind, 'lounge'),
      ),
    )
    .for('update');
  return row;
}

/**
 * Changes a booked visit in one transaction: the booking locked, the new slot's places taken
 * before the old ones are given back (nothing oversold, nothing lost), passes spent or returned,
 * a removed paying guest's share asked back from the checkout engine, the booking rewritten.
 */
export function registerAmend(app: FastifyInstance): void {
  registerCall(app, calls.amendBooking, async ({ payload, member }): Promise<Amended> => {
    const now = app.clock.now();
    const { userId } = member;
    const user = await memberOrAuthFailure(app.db, userId);
    const outcome = await app.db.transaction(async (tx) => {
      const booking = await lockedBooking(tx, userId, payload.bookingId);
      if (!booking) throw new CallError('notFound');
      if (booking.status === 'cancelled') throw new CallError('bookingAlreadyCancelled');
      const noticeMs = app.env.REFUND_NOTICE_HOURS * HOUR_MS;
      if (booking.status !== 'booked' || booking.visitAt.getTime() - now.getTime() < noticeMs)
        throw new CallError('bookingNotAmendable');
      const lounge = await loungeToBook(tx, booking.productId, app.env);
      if (!lounge) throw new CallError('bookingNotAmendable');
      if (payload.guests.length > lounge.maxGuests) throw new CallError('tooManyGuests');
      const slot = slotAt(lounge, payload.date, payload.time);
      if (!insideWindow(bookingWindow(now, lounge.airport.timeZone), payload.date, slot.startsAt))
        throw new CallError('bookingOutsideWindow');

      // Places: the new ones taken first, then the old ones given back.
      const places = 1 + payload.guests.length;
      const row = await slotRow(tx, {
        productId: lounge.product.id,
        startsAt: slot.startsAt,
        localDate: payload.date,
        localTime: slot.time,
        capacity: lounge.capacity,
      });
      const sameSlot = row.id === booking.slotId;
      const toTake = sameSlot ? places - booking.places : places;
      if (toTake > 0 && !(await takePlaces(tx, row.id, toTake)))
        throw new CallError('slotNotAvailable');
      if (sameSlot && toTake < 0) await givePlaces(tx, row.id, -toTake);
      if (!sameSlot && booking.slotId) await givePlaces(tx, booking.slotId, booking.places);

      // Passes and money: added guests use passes; removed ones give back card money first.
      const paying = booking.places - booking.passesUsed;
      const unit = paying > 0 ? Math.floor(booking.amount / paying) : 0;
      let passesUsed = 0;
      let passesReturned = 0;
      let refund = 0;
      const dpid = booking.dpid ?? (await membershipInUse(tx, userId))?.dpid ?? null;
      if (places > booking.places) {
        passesUsed = places - booking.places;
        if (!dpid || !(await spendPasses(tx, userId, dpid, passesUsed, now)))
          throw new CallError('noPassesAvailable');
      } else if (places < booking.places) {
        const removed = booking.places - places;
        const refunded = Math.min(removed, paying);
        refund = refunded === paying ? booking.amount : refunded * unit;
        passesReturned = removed - refunded;
        if (
          refund > 0 &&
          !(booking.orderId && (await askPartRefund(tx, booking.orderId, refund, now)))
        )
          throw new CallError('bookingNotAmendable');
        if (passesReturned > 0 && booking.dpid) {
          await tx
            .update(memberships)
            .set({ passesUsed: sql`greatest(${memberships.passesUsed} - ${passesReturned}, 0)` })
            .where(eq(memberships.dpid, booking.dpid));
        }
      }

      let changed;
      try {
        [changed] = await tx
          .update(bookings)
          .set({
            visitAt: slot.startsAt,
            visitDate: payload.date,
            slotId: row.id,
            places,
            infants: payload.infants,
            passengers: places + payload.infants,
            passengerNames: [`${user.firstName} ${user.lastName}`, ...payload.guests],
            amount: booking.amount - refund,
            passesUsed: booking.passesUsed + passesUsed - passesReturned,
            dpid: booking.dpid ?? (passesUsed > 0 ? dpid : null),
          })
          .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'booked')))
          .returning();
      } catch (err) {
        // Another booking of the member's at this lounge on the new day.
        if (isUniqueViolation(err)) throw new CallError('bookingLimitReached');
        throw err;
      }
      if (!changed) throw new CallError('bookingAlreadyCancelled');
      await enqueueMessage(
        tx,
        {
          channel: 'email',
          to: changed.email ?? user.email,
          subject: `Lounge booking changed: ${changed.reference}`,
          body: [
            `Hello ${user.firstName},`,
            '',
            `Your booking ${changed.reference} at ${lounge.product.name} is now for ` +
              `${payload.date} at ${slot.time} local time (${lounge.airport.timeZone}), ` +
              `for ${changed.passengerNames.join(', ')}.`,
            ...(refund > 0
              ? [
                  `We are refunding part of your payment to your card; refunds take about 5 working days.`,
                ]
              : []),
            ...(passesReturned > 0
              ? [`${passesReturned} pass(es) returned to your membership.`]
              : []),
          ].join('\n'),
        },
        now,
      );
      return { changed, lounge, passesUsed, passesReturned, refund };
    });
    const { changed, lounge, passesUsed, passesReturned, refund } = outcome;
    return {
      booking: bookedView(app.env, changed, lounge),
      passengers: changed.passengers,
      passesUsed,
      passesReturned,
      refund: { amount: refund, currency: changed.currency },
    };
  });
}
