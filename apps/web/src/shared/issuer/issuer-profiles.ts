import type { Issuer } from '@portal/contract';
import { appConfig } from '../config/app-config';

export interface IssuerProfile {
  /** How the footer and texts name the bank. */
  bankName: string;
  /** The short name drawn in our logo mark. */
  shortName: string;
}

export const issuerProfiles: Record<Issuer, IssuerProfile> = {
  default: { bankName: 'your bank', shortName: 'Lounge Access' },
  dpplus: { bankName: 'DP Plus', shortName: 'DP Plus' },
  natwest: { bankName: 'NatWest', shortName: 'NatWest' },
  barclays: { bankName: 'Barclays', shortName: 'Barclays' },
  rbs: { bankName: 'Royal Bank of Scotland', shortName: 'RBS' },
  ulster: { bankName: 'Ulster Bank', shortName: 'Ulster' },
  vm: { bankName: 'Virgin Money', shortName: 'VM' },
  coop: { bankName: 'The Co-operative Bank', shortName: 'Co-op' },
};

/** The values the footer's legal sentence needs (spec section 1). */
export function legalTextValues(issuer: Issuer) {
  return {
    bank: issuerProfiles[issuer].bankName,
    provider: appConfig.providerName,
    insurer: appConfig.insurerServicesName,
  };
}
