import { randomInt } from 'node:crypto';
import type { BookingKind } from '../../db/schema';

/** Letters and digits that cannot be mistaken for one another when read out (no 0/O, 1/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RANDOM_LENGTH = 8;
const PREFIX: Record<BookingKind, string> = { lounge: 'LB', 'fast-track': 'FT' };

/** A new Booking ID: "LB" (lounge) or "FT" (fast track) and 8 random characters, e.g. LB4K7M9Q2X. */
export function newBookingReference(kind: BookingKind): string {
  let suffix = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return PREFIX[kind] + suffix;
}
