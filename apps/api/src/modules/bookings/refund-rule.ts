import { REFUND_WORKING_DAYS } from '@portal/contract';
import type { RefundState } from '../../db/schema';
import { addWorkingDays } from '../../platform/working-days';

const HOUR_MS = 60 * 60 * 1000;

/** What cancelling a booking would do at `now`. */
export interface CancellationTerms {
  /** Only a booked visit still ahead can be cancelled. */
  allowed: boolean;
  /** Cancelled at least `noticeHours` ahead: the card payment and the passes come back. */
  refundable: boolean;
}

export function cancellationTerms(
  booking: { status: 'booked' | 'completed' | 'cancelled'; visitAt: Date },
  now: Date,
  noticeHours: number,
): CancellationTerms {
  const ahead = booking.visitAt.getTime() - now.getTime();
  const allowed = booking.status === 'booked' && ahead > 0;
  return { allowed, refundable: allowed && ahead >= noticeHours * HOUR_MS };
}

/** What a cancellation gives back. */
export interface RefundOutcome {
  refundState: RefundState;
  refundAmount: number;
  refundDueAt: Date | null;
  passesReturned: number;
}

/**
 * The refund rule: cancelled at least `noticeHours` before the visit, what was paid by card is
 * refunded (pending, due in REFUND_WORKING_DAYS working days, counted on the calendar of
 * `timeZone`, the airport's) and the passes used return at once; later, nothing comes back.
 * The refund is in the booking's own currency: it is the amount paid, never converted.
 */
export function refundOnCancel(
  booking: { visitAt: Date; amount: number; passesUsed: number },
  now: Date,
  noticeHours: number,
  timeZone: string,
): RefundOutcome {
  const { refundable } = cancellationTerms(
    { status: 'booked', visitAt: booking.visitAt },
    now,
    noticeHours,
  );
  if (!refundable) {
    return { refundState: 'none', refundAmount: 0, refundDueAt: null, passesReturned: 0 };
  }
  const paid = booking.amount > 0;
  return {
    refundState: paid ? 'pending' : 'none',
    refundAmount: paid ? booking.amount : 0,
    refundDueAt: paid ? addWorkingDays(now, REFUND_WORKING_DAYS, timeZone) : null,
    passesReturned: booking.passesUsed,
  };
}
