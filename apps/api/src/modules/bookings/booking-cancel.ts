import type { Booking } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, memberships, users } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { enqueueMessage } from '../../platform/outbox';
import { findOwnBooking } from './booking-query';
import { bookingView } from './booking-view';
import { cancellationEmail } from './cancellation-email';
import { refundOnCancel } from './refund-rule';

export interface CancelRequest {
  userId: string;
  reference: string;
  now: Date;
  noticeHours: number;
}

/**
 * Cancels one of the member's future bookings in one transaction: the booking (only while it
 * is still booked, so a double click cannot cancel twice), the passes back to the membership
 * and the confirmation email.
 *
 * The card refund is recorded as pending with its due date; handing it to the payment provider
 * (and marking it refunded) belongs to the payment work, not to this call.
 */
export async function cancelOwnBooking(db: Db, request: CancelRequest): Promise<Booking> {
  const { userId, reference, now, noticeHours } = request;
  return db.transaction(async (tx) => {
    const record = await findOwnBooking(tx, userId, reference);
    if (!record) throw new CallError('notFound');
    const { booking } = record;
    if (booking.status === 'cancelled') throw new CallError('bookingAlreadyCancelled');
    if (booking.visitAt.getTime() <= now.getTime()) throw new CallError('bookingNotCancellable');

    const outcome = refundOnCancel(booking, now, noticeHours);
    // Passes go back only to a membership that still exists.
    const passesReturned = booking.dpid ? outcome.passesReturned : 0;
    const [cancelled] = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, ...outcome, passesReturned })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'booked')))
      .returning();
    // Another request cancelled it between our read and our write.
    if (!cancelled) throw new CallError('bookingAlreadyCancelled');

    if (passesReturned > 0 && booking.dpid) {
      await tx
        .update(memberships)
        .set({ passesUsed: sql`greatest(${memberships.passesUsed} - ${passesReturned}, 0)` })
        .where(eq(memberships.dpid, booking.dpid));
    }

    const cancelledRecord = { ...record, booking: cancelled };
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
