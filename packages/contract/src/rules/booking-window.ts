import { z } from 'zod';
import { BOOKING_MAX_AHEAD_MS, BOOKING_MIN_AHEAD_MS } from '../constants';
import type { MessageKey } from '../messages';
import type { Clock } from './clock';
import { messageKey } from './message-key';

export type BookingWindowProblem = 'invalid' | 'too-soon' | 'too-far';

export const bookingWindowMessages = {
  invalid: 'form-date-invalid',
  'too-soon': 'booking-error-too-soon',
  'too-far': 'booking-error-too-far',
} as const satisfies Record<BookingWindowProblem, MessageKey>;

/**
 * Why the visit cannot be booked now, or null when it can: at least 48 hours ahead and at
 * most 180 days (of 24 hours) ahead, both ends included.
 */
export function bookingWindowProblem(visit: Date, now: Date): BookingWindowProblem | null {
  const ahead = visit.getTime() - now.getTime();
  if (Number.isNaN(ahead)) return 'invalid';
  if (ahead < BOOKING_MIN_AHEAD_MS) return 'too-soon';
  if (ahead > BOOKING_MAX_AHEAD_MS) return 'too-far';
  return null;
}

export function isWithinBookingWindow(visit: Date, now: Date): boolean {
  return bookingWindowProblem(visit, now) === null;
}

/** A visit instant (Date, ISO string or epoch ms) inside the booking window at the clock's time. */
export function bookingVisitSchema(clock: Clock) {
  return z.coerce.date({ error: messageKey('form-date-invalid') }).superRefine((visit, ctx) => {
    const problem = bookingWindowProblem(visit, clock());
    if (problem) ctx.addIssue({ code: 'custom', message: bookingWindowMessages[problem] });
  });
}

/** The kinds of booking a member makes (a lounge visit, a fast-track lane). */
export type BookableKindName = 'lounge' | 'fast-track';

/**
 * When a booking lets its passengers in, around its booked time: each kind its own rule, said
 * in the same words on its page, confirmation email, PDF and calendar entry, and enforced by the
 * desk's check-in.
 */
export const ENTRY_WINDOWS = {
  lounge: {
    beforeMs: 60 * 60_000,
    afterMs: 3 * 60 * 60_000,
    text: 'from 1 hour before to 3 hours after your booked time',
  },
  'fast-track': {
    beforeMs: 2 * 60 * 60_000,
    afterMs: 2 * 60 * 60_000,
    text: 'within 2 hours either side of your booked time',
  },
} as const satisfies Record<BookableKindName, { beforeMs: number; afterMs: number; text: string }>;
