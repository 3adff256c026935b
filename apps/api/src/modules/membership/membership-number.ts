import { randomInt } from 'node:crypto';

/** The Luhn check digit for a string of digits. */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A fresh random 16-digit membership number (15 random digits, no leading zero, Luhn digit). */
export function newMembershipNumber(): string {
  let body = String(randomInt(1, 10));
  for (let i = 0; i < 14; i++) body += String(randomInt(0, 10));
  return body + luhnCheckDigit(body);
}
