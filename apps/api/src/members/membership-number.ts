import { randomInt } from 'node:crypto';
import { luhnCheckDigit, NUMBER_ATTEMPTS_BEFORE_LOCK, NUMBER_LOCK_SECONDS } from '@portal/contract';
import type { AttemptPolicy } from '../platform/attempt-locks';
import { VERIFICATION_WINDOW_SECONDS } from '../platform/verification';

/**
 * Three wrong membership numbers in a row lock for 5 minutes (spec sections 8 and 9), at
 * sign-up (per client) and when a member adds one (per member).
 */
export const WRONG_NUMBER_POLICY: AttemptPolicy = {
  max: NUMBER_ATTEMPTS_BEFORE_LOCK,
  windowSeconds: VERIFICATION_WINDOW_SECONDS,
  lockSeconds: NUMBER_LOCK_SECONDS,
};

/** A fresh random 16-digit membership number (15 random digits, no leading zero, Luhn digit). */
export function newMembershipNumber(): string {
  let body = String(randomInt(1, 10));
  for (let i = 0; i < 14; i++) body += String(randomInt(0, 10));
  return body + luhnCheckDigit(body);
}

/** Whether a 16-digit number ends in its Luhn check digit, as every issued number does. */
export function hasValidCheckDigit(dpid: string): boolean {
  return /^\d{2,}$/.test(dpid) && luhnCheckDigit(dpid.slice(0, -1)) === dpid.slice(-1);
}

/**
 * A membership number with all but its last 4 digits hidden, in groups of four as printed on
 * the card: "9000000000000009" → "•••• •••• •••• 0009".
 */
export function maskMembershipNumber(dpid: string): string {
  const digits = dpid.replace(/\s/g, '');
  const shown = digits.slice(-4);
  const hidden = '•'.repeat(Math.max(0, digits.length - shown.length));
  return (hidden + shown).replace(/(.{4})(?=.)/g, '$1 ');
}
