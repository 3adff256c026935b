import type { Booking } from '@portal/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { bookings, users } from '../../db/schema';
import { returnPasses } from '../../members/membership-passes';
import { CallError } from '../../platform/call-error';
import { enqueueMessage } from '../../platform/outbox';
import { givePlaces } from '../../platform/slots';
import { refundBookingOrders } from './booking-orders';
import { findOwnBooking, ownedBy, selectBookingRecords } from './booking-query';
import { bookingView, type BookingRecord } from './booking-view';
import { cancellationEmail } from './cancellation-email';
import { refundOnCancel } from './refund-rule';

export interface CancelRequest {
  userId: string;
  reference: string;
  now: Date;
  noticeHours: number;
}

/**
 * Cancels one booked booking whose visit is ahead, by the refund rule: the booking (only while
 * it is still booked, so a double click or a race cannot cancel twice) and the passes back to
 * the membership. Answers the cancelled record, or undefined when it was no longer booked.
 * Callers check that the visit is ahead and run it in a transaction.
 *
 * The card refund is recorded as pending with its due date; a booking paid through the checkout
 * engine has its order moved to refund-pending here, and the engine's refund job hands it to
 * the provider (demo bookings made before orders have none).
 */
async function cancelBooked(
  tx: Tx,
  record: BookingRecord,
  now: Date,
  noticeHours: number,
): Promise<BookingRecord | undefined> {
  const { airport } = record;
  // The conditional update decides (a double click or a race cancels once), and answers the
  // booking as it is now: a change committed meanwhile (other places, fewer passes, a part
  // refund) is what the refund rule and the places given back are reckoned from.
  const [booked] = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(and(eq(bookings.id, record.booking.id), eq(bookings.status, 'booked')))
    .returning();
  if (!booked) return undefined;
  const outcome = refundOnCancel(booked, now, noticeHours, airport.timeZone);
  // Passes go back only to a membership that still exists.
  const passesReturned = booked.dpid ? outcome.passesReturned : 0;
  const [cancelled] = await tx
    .update(bookings)
    .set({ ...outcome, passesReturned })
    .where(eq(bookings.id, booked.id))
    .returning();
  if (!cancelled) throw new Error(`booking ${booked.id} vanished while cancelled`);

  // The places go back to the slot at once; a card payment goes back through the checkout
  // engine's refund job (the order moves to refund-pending in this same transaction).
  if (cancelled.slotId) await givePlaces(tx, cancelled.slotId, cancelled.places);
  if (outcome.refundState === 'pending') await refundBookingOrders(tx, cancelled, now);

  if (cancelled.dpid) await returnPasses(tx, cancelled.dpid, passesReturned);
  return { ...record, booking: cancelled };
}

/**
 * Cancels one of the member's future bookings in one transaction: the booking and the passes
 * back to the membership (see cancelBooked), and the confirmation email.
 */
export async function cancelOwnBooking(db: Db, request: CancelRequest): Promise<Booking> {
  const { userId, reference, now, noticeHours } = request;
  return db.transaction(async (tx) => {
    const record = await findOwnBooking(tx, userId, reference);
    if (!record) throw new CallError('notFound');
    const { booking } = record;
    if (booking.status === 'cancelled') throw new CallError('bookingAlreadyCancelled');
    if (booking.visitAt.getTime() <= now.getTime()) throw new CallError('bookingNotCancellable');

    const cancelledRecord = await cancelBooked(tx, record, now, noticeHours);
    // Another request cancelled it between our read and our write.
    if (!cancelledRecord) throw new CallError('bookingAlreadyCancelled');

    const [member] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId));
    const to = member?.email ?? booking.email;
    if (to) {
      await enqueueMessage(
        tx,
        cancellationEmail(to, member?.firstName ?? 'there', cancelledRecord, noticeHours),
        now,
      );
    }
    return bookingView(cancelledRecord, now, noticeHours);
  });
}

export interface CancelUpcomingRequest {
  userId: string;
  now: Date;
  noticeHours: number;
}

/**
 * Cancels every booked booking of the member whose visit is still ahead, by the same refund
 * rule and pass return as the cancel call, and answers how many. No email is sent: it is for
 * the account deletion, which tells the member itself. Run it in the deletion's transaction.
 */
export async function cancelUpcomingBookings(
  tx: Tx,
  { userId, now, noticeHours }: CancelUpcomingRequest,
): Promise<number> {
  const upcoming = await selectBookingRecords(tx)
    .where(and(ownedBy(userId), eq(bookings.status, 'booked'), gt(bookings.visitAt, now)))
    .orderBy(asc(bookings.visitAt), asc(bookings.id));
  let cancelled = 0;
  for (const record of upcoming) {
    if (await cancelBooked(tx, record, now, noticeHours)) cancelled++;
  }
  return cancelled;
}
