import type { Issuer } from '@portal/contract';

export interface CardType {
  /** Stable id, stored on memberships. */
  id: string;
  /** What the cardholder sees. */
  name: string;
  /** Free lounge passes a year that come with the card (0: pay per visit). */
  passesPerYear: number;
}

export interface IssuerConfig {
  bankName: string;
  cardTypes: readonly [CardType, ...CardType[]];
}

const card = (id: string, name: string, passesPerYear: number): CardType => ({
  id,
  name,
  passesPerYear,
});

/** Per-issuer facts the server needs. Card names are generic product tiers, not bank trademarks. */
export const issuerConfig: Record<Issuer, IssuerConfig> = {
  default: { bankName: 'your bank', cardTypes: [card('standard', 'Lounge Membership', 0)] },
  dpplus: {
    bankName: 'DP Plus',
    cardTypes: [
      card('dpplus', 'DP Plus Membership', 0),
      card('dpplus-premium', 'DP Plus Premium', 6),
    ],
  },
  natwest: {
    bankName: 'NatWest',
    cardTypes: [card('black', 'Black Account', 0), card('reward-black', 'Reward Black Account', 4)],
  },
  barclays: { bankName: 'Barclays', cardTypes: [card('travel-pack', 'Travel Pack', 6)] },
  rbs: {
    bankName: 'Royal Bank of Scotland',
    cardTypes: [card('black', 'Black Account', 0), card('reward-black', 'Reward Black Account', 4)],
  },
  ulster: { bankName: 'Ulster Bank', cardTypes: [card('black', 'Black Account', 0)] },
  vm: { bankName: 'Virgin Money', cardTypes: [card('club-m', 'Club M Account', 0)] },
  coop: {
    bankName: 'The Co-operative Bank',
    cardTypes: [
      card('platinum', 'Platinum Credit Card', 0),
      card('everyday-extra', 'Everyday Extra Account', 2),
      card('premier', 'Premier Account', 6),
    ],
  },
};

export function cardTypeOf(issuer: Issuer, cardTypeId?: string): CardType | undefined {
  const types = issuerConfig[issuer].cardTypes;
  return cardTypeId === undefined ? types[0] : types.find((t) => t.id === cardTypeId);
}
