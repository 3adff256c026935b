import type { Issuer, MembershipGuestAllowance } from '@portal/contract';

export interface CardType {
  /** Stable id, stored on memberships. */
  id: string;
  /** What the cardholder sees. */
  name: string;
  /** Free lounge passes a year that come with the card (0: pay per visit). */
  passesPerYear: number;
}

/** What an issuer sells its members, priced in minor units of `currency`. */
export interface IssuerPrices {
  currency: string;
  /** Pass packs: so many passes for so much. */
  passPacks: readonly { passes: number; amount: number }[];
  /** The renewal of an expired membership for `months`, where the issuer sells it. */
  renewal?: { amount: number; months: number };
}

export interface IssuerConfig {
  bankName: string;
  /** The issuer's brand colour, as the web theme has it (--color-primary), for documents. */
  brandColor: string;
  cardTypes: readonly [CardType, ...CardType[]];
  /** Guests who may come in with the member on one visit (each uses a pass or pays). */
  guestsPerVisit: number;
  prices: IssuerPrices;
}

/** The packs most issuers sell: 1, 5 or 10 passes (£32, £125, £230). */
const STANDARD_PACKS: IssuerPrices['passPacks'] = [
  { passes: 1, amount: 3_200 },
  { passes: 5, amount: 12_500 },
  { passes: 10, amount: 23_000 },
];

const gbp = (renewal?: IssuerPrices['renewal'], passPacks = STANDARD_PACKS): IssuerPrices => ({
  currency: 'GBP',
  passPacks,
  ...(renewal ? { renewal } : {}),
});

const card = (id: string, name: string, passesPerYear: number): CardType => ({
  id,
  name,
  passesPerYear,
});

/** Per-issuer facts the server needs. Card names are generic product tiers, not bank trademarks. */
export const issuerConfig: Record<Issuer, IssuerConfig> = {
  default: {
    bankName: 'your bank',
    brandColor: '#1f4e79',
    cardTypes: [card('standard', 'Lounge Membership', 0)],
    guestsPerVisit: 2,
    prices: gbp({ amount: 9_900, months: 12 }),
  },
  dpplus: {
    bankName: 'DP Plus',
    brandColor: '#5b2a86',
    cardTypes: [
      card('dpplus', 'DP Plus Membership', 0),
      card('dpplus-premium', 'DP Plus Premium', 6),
    ],
    guestsPerVisit: 3,
    prices: gbp({ amount: 8_900, months: 12 }),
  },
  natwest: {
    bankName: 'NatWest',
    brandColor: '#5a287d',
    cardTypes: [card('black', 'Black Account', 0), card('reward-black', 'Reward Black Account', 4)],
    guestsPerVisit: 3,
    prices: gbp(),
  },
  barclays: {
    bankName: 'Barclays',
    brandColor: '#00648f',
    cardTypes: [card('travel-pack', 'Travel Pack', 6)],
    guestsPerVisit: 2,
    prices: gbp({ amount: 12_000, months: 12 }, [
      { passes: 1, amount: 3_000 },
      { passes: 5, amount: 12_000 },
    ]),
  },
  rbs: {
    bankName: 'Royal Bank of Scotland',
    brandColor: '#1d4f91',
    cardTypes: [card('black', 'Black Account', 0), card('reward-black', 'Reward Black Account', 4)],
    guestsPerVisit: 3,
    prices: gbp(),
  },
  ulster: {
    bankName: 'Ulster Bank',
    brandColor: '#00607a',
    cardTypes: [card('black', 'Black Account', 0)],
    guestsPerVisit: 3,
    prices: gbp(),
  },
  // The vm channel's membership ended on 1 Feb 2024 (spec section 1): nothing is sold.
  vm: {
    bankName: 'Virgin Money',
    brandColor: '#b3003c',
    cardTypes: [card('club-m', 'Club M Account', 0)],
    guestsPerVisit: 0,
    prices: gbp(undefined, []),
  },
  coop: {
    bankName: 'The Co-operative Bank',
    brandColor: '#006d8f',
    cardTypes: [
      card('platinum', 'Platinum Credit Card', 0),
      card('everyday-extra', 'Everyday Extra Account', 2),
      card('premier', 'Premier Account', 6),
    ],
    guestsPerVisit: 2,
    prices: gbp({ amount: 9_500, months: 12 }),
  },
};

export function cardTypeOf(issuer: Issuer, cardTypeId?: string): CardType | undefined {
  const types = issuerConfig[issuer].cardTypes;
  return cardTypeId === undefined ? types[0] : types.find((t) => t.id === cardTypeId);
}

/** A membership's guests per visit: its issuer's rule (guestLimit weighs it with a lounge's cap). */
export const guestAllowanceOf = (membership: { issuer: string }): MembershipGuestAllowance => ({
  guestsPerVisit: issuerConfig[membership.issuer as Issuer].guestsPerVisit,
});

/**
 * The issuer's lounge membership as its messages name it: "your NatWest lounge membership", or
 * with another `determiner` ("another NatWest lounge membership"). The default brand's
 * `bankName` is "your bank", which would give "your your bank lounge membership": it names no
 * bank ("your lounge membership"). A bank named "The ..." loses its article.
 */
export function loungeMembershipOf(
  issuer: Issuer,
  determiner: 'your' | 'another' = 'your',
): string {
  return `${determiner} ${bankBefore(issuer)}lounge membership`;
}

/**
 * The bank's name as it stands before a noun in a sentence, with its space ("NatWest ",
 * "Co-operative Bank "): none for the default brand, whose `bankName` ("your bank") names none.
 */
export function bankBefore(issuer: Issuer): string {
  return issuer === 'default' ? '' : `${issuerConfig[issuer].bankName.replace(/^The /, '')} `;
}
