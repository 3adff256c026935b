import { DEMO_MEMBERSHIP_STATUSES, demoMembershipNumber, ISSUERS } from '@portal/contract';
import type { Tx } from '../client';
import { memberships } from '../schema';
import { cardTypeOf } from '../../platform/issuer-config';

const EXPIRES_ON = {
  active: '2030-12-31',
  expired: '2024-01-31',
  suspended: '2030-12-31',
} as const;

/** Fixed demo numbers for every issuer and status (contract `demoMembershipNumber`). */
export function demoMembershipRows(): (typeof memberships.$inferInsert)[] {
  return ISSUERS.flatMap((issuer) =>
    DEMO_MEMBERSHIP_STATUSES.map((status) => {
      const cardType = cardTypeOf(issuer);
      return {
        dpid: demoMembershipNumber(issuer, status),
        issuer,
        cardType: cardType?.id ?? 'standard',
        holderName: 'Demo Cardholder',
        expiresOn: EXPIRES_ON[status],
        status,
        passesPerYear: cardType?.passesPerYear ?? 0,
      };
    }),
  );
}

export async function seedDemoMemberships(tx: Tx): Promise<void> {
  await tx.insert(memberships).values(demoMembershipRows()).onConflictDoNothing();
}
