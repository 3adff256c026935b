import { randomInt } from 'node:crypto';
import { luhnCheckDigit } from '@portal/contract';

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
