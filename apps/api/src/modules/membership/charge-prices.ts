import type { ChargePrice, Issuer } from '@portal/contract';
import type { OrderLine, OrderPurpose } from '../../db/schema';
import type { MembershipRow } from '../../members/membership-in-use';
import { issuerConfig } from '../../platform/issuer-config';
import { localDateTime } from '../../platform/local-time';

/** Memberships are UK bank products: their dates are the UK's. */
export const MEMBERSHIP_TIME_ZONE = 'Europe/London';

export const membershipToday = (now: Date) => localDateTime(now, MEMBERSHIP_TIME_ZONE).date;

/** "2026-02-28" plus 12 months is "2027-02-28"; the 31st of a shorter month is its last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

const plural = (n: number) => (n === 1 ? '1 lounge pass' : `${n} lounge passes`);

/**
 * What a membership can buy today, priced from its issuer's config: pass packs while it is
 * active, the renewal (where the issuer sells it) once expired; a suspended one nothing.
 */
export function chargePricesFor(membership: MembershipRow, today: string): ChargePrice[] {
  const { prices } = issuerConfig[membership.issuer as Issuer];
  if (membership.status === 'active') {
    return prices.passPacks.map((pack) => ({
      item: `pass-pack:${pack.passes}`,
      kind: 'pass-pack',
      description: plural(pack.passes),
      passes: pack.passes,
      // Bought passes are spent only while the membership is active: until it expires.
      validUntil: membership.expiresOn,
      amount: pack.amount,
      currency: prices.currency,
    }));
  }
  if (membership.status === 'expired' && prices.renewal) {
    const { months, amount } = prices.renewal;
    return [
      {
        item: `renewal:${months}`,
        kind: 'renewal',
        description: `Membership renewal for ${months} months`,
        passes: 0,
        renewsUntil: renewedExpiry(membership.expiresOn, months, today),
        amount,
        currency: prices.currency,
      },
    ];
  }
  return [];
}

/** A renewal runs from the day after the old expiry, or from today if that has passed. */
export function renewedExpiry(expiresOn: string, months: number, today: string): string {
  return addMonths(expiresOn >= today ? expiresOn : today, months);
}

/** The order an item of `chargePricesFor` makes: its purpose and its one priced line. */
export function orderFor(price: ChargePrice): {
  purpose: OrderPurpose;
  lines: OrderLine[];
  currency: string;
} {
  return {
    purpose: price.kind === 'renewal' ? 'renewal' : 'passes',
    lines: [
      { item: price.item, description: price.description, quantity: 1, unitAmount: price.amount },
    ],
    currency: price.currency,
  };
}

/** The number an item names: the passes of "pass-pack:5", the months of "renewal:12". */
export function itemCount(item: string): number {
  const count = Number(item.split(':')[1]);
  if (!Number.isSafeInteger(count) || count <= 0) throw new Error(`no count in item ${item}`);
  return count;
}
