import { ISSUERS, type Issuer } from './issuers';

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

export const DEMO_MEMBERSHIP_STATUSES = ['active', 'expired', 'suspended'] as const;
export type DemoMembershipStatus = (typeof DEMO_MEMBERSHIP_STATUSES)[number];

/**
 * The seeded demo membership number of an issuer and status, the same on every machine:
 * 9000 0000 00II S00C, II the issuer's index, S the status's index, C the Luhn digit.
 */
export function demoMembershipNumber(issuer: Issuer, status: DemoMembershipStatus): string {
  const index = String(ISSUERS.indexOf(issuer)).padStart(2, '0');
  const body = `9000000000${index}${DEMO_MEMBERSHIP_STATUSES.indexOf(status)}00`;
  return body + luhnCheckDigit(body);
}
