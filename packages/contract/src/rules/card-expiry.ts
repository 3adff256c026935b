import type { Clock } from './clock';
import { messageKey } from './message-key';
import { requiredString } from './required';
import { keepDigits } from './text';

export interface CardExpiry {
  /** 1 to 12. */
  month: number;
  /** Four digits, e.g. 2027. */
  year: number;
}

const EXPIRY_PATTERN = /^(\d{2})\s*\/\s*(\d{2})$/;

/** "MM/YY" (spaces around the slash allowed) with a month of 01 to 12, else undefined. */
export function parseExpiry(input: string): CardExpiry | undefined {
  const match = EXPIRY_PATTERN.exec(input.trim());
  if (!match?.[1] || !match[2]) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card works to the end of its expiry month, so the current month (UTC) is still valid. */
export function isExpiryValid(input: string, now: Date): boolean {
  const expiry = parseExpiry(input);
  if (!expiry) return false;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return expiry.year * 12 + (expiry.month - 1) >= current;
}

/** What the input shows while typing: "1" -> "1", "122" -> "12/2", "1227" -> "12/27". */
export function formatExpiryInput(input: string): string {
  const digits = keepDigits(input).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Required, MM/YY, not in the past (the spec's 'date is invalid'); reads the time from the clock at each check. */
export function cardExpirySchema(clock: Clock) {
  return requiredString().refine(
    (value) => isExpiryValid(value, clock()),
    messageKey('card-error-date'),
  );
}
