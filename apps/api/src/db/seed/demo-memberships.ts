import { ISSUERS } from '@portal/contract';
import type { Tx } from '../client';
import { memberships, type MembershipStatus } from '../schema';
import { cardTypeOf } from '../../platform/issuer-config';
import { luhnCheckDigit } from '../../modules/membership/membership-number';

const DEMO_STATUSES: { status: MembershipStatus; expiresOn: string }[] = [
  { status: 'active', expiresOn: '2030-12-31' },
  { status: 'expired', expiresOn: '2024-01-31' },
  { status: 'suspended', expiresOn: '2030-12-31' },
];

/**
 * Fixed demo numbers, the same on every machine: 9000 0000 00II S00C, where II is the
 * issuer's index, S the status (0 active, 1 expired, 2 suspended) and C the Luhn digit.
 */
export function demoMembershipRows(): (typeof memberships.$inferInsert)[] {
  return ISSUERS.flatMap((issuer, i) =>
    DEMO_STATUSES.map(({ status, expiresOn }, s) => {
      const body = `9000000000${String(i).padStart(2, '0')}${s}00`;
      const cardType = cardTypeOf(issuer);
      return {
        dpid: body + luhnCheckDigit(body),
        issuer,
        cardType: cardType?.id ?? 'standard',
        holderName: 'Demo Cardholder',
        expiresOn,
        status,
        passesPerYear: cardType?.passesPerYear ?? 0,
      };
    }),
  );
}

export async function seedDemoMemberships(tx: Tx): Promise<void> {
  await tx.insert(memberships).values(demoMembershipRows()).onConflictDoNothing();
}
