import type { BookingKind } from '../../db/schema';
import { readableReference } from '../../platform/references';

const PREFIX: Record<BookingKind, string> = { lounge: 'LB', 'fast-track': 'FT' };

/** A new Booking ID: "LB" (lounge) or "FT" (fast track) and 8 random characters, e.g. LB4K7M9Q2X. */
export function newBookingReference(kind: BookingKind): string {
  return readableReference(PREFIX[kind]);
}
