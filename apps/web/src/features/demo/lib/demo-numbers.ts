import { ISSUERS, type Issuer } from '@portal/contract';

export const DEMO_STATUSES = ['active', 'expired', 'suspended'] as const;
export type DemoStatus = (typeof DEMO_STATUSES)[number];

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

/**
 * The seeded demo membership number of an issuer and status (README "Data"):
 * 9000 0000 00II S00C, II the issuer's index, S the status, C the Luhn digit.
 */
export function demoMembershipNumber(issuer: Issuer, status: DemoStatus): string {
  const index = String(ISSUERS.indexOf(issuer)).padStart(2, '0');
  const body = `9000000000${index}${DEMO_STATUSES.indexOf(status)}00`;
  const digits = body + luhnCheckDigit(body);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
