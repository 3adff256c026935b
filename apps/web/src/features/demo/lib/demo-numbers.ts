import { demoMembershipNumber, type DemoMembershipStatus, type Issuer } from '@portal/contract';

export { DEMO_MEMBERSHIP_STATUSES as DEMO_STATUSES } from '@portal/contract';

/** The seeded demo number of an issuer and status, grouped in fours as people read it. */
export function demoMembershipDisplay(issuer: Issuer, status: DemoMembershipStatus): string {
  return demoMembershipNumber(issuer, status).replace(/(\d{4})(?=\d)/g, '$1 ');
}
