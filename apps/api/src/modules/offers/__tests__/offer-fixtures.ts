import { and, eq } from 'drizzle-orm';
import { memberWithSession } from '../../../../test/call-helpers';
import { every, NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { insertMembership } from '../../../../test/fixtures';
import type { TestApp } from '../../../../test/test-app';
import { memberships, vouchers } from '../../../db/schema';
import type { CatalogueProduct } from '../../../platform/catalogue/catalogue-product';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';

/*
 * Offers at Newquay (Europe/London) for the offers tests: NQY-DIN-1 and NQY-SPA-1 of the shared
 * fixtures (no terms of their own: the defaults), and three more.
 */
const dining = NQY_PRODUCTS.find((p) => p.id === 'NQY-DIN-1')!;
const spa = NQY_PRODUCTS.find((p) => p.id === 'NQY-SPA-1')!;

/** £15 towards the bill, for the member and up to 3 guests. */
export const CREDIT = 'NQY-DIN-2';
/** Spends a pass, which buys a treatment. */
export const PASS = 'NQY-SPA-2';
/** Open 05:00–09:00 only. */
export const EARLY = 'NQY-DIN-3';

export const OFFER_PRODUCTS: CatalogueProduct[] = [
  ...NQY_PRODUCTS,
  {
    ...dining,
    id: CREDIT,
    name: 'Quay Grill',
    offer: '£15 voucher towards food and drink',
    offerTerms: {
      credit: { amount: 1500, currency: 'GBP' },
      guests: 3,
      cashBack: false,
      passes: 0,
      passBuys: null,
    },
  },
  {
    ...spa,
    id: PASS,
    name: 'Tide Spa',
    offer: 'One pass buys a 20-minute express treatment',
    offerTerms: {
      credit: null,
      guests: 0,
      cashBack: false,
      passes: 1,
      passBuys: 'one 20-minute express treatment',
    },
  },
  {
    ...dining,
    id: EARLY,
    name: 'Dawn Café',
    weeklyHours: every([{ open: '05:00', close: '09:00' }]),
  },
];

export const loadOffers = (t: TestApp) => upsertProducts(t.app.db, OFFER_PRODUCTS, 'import');

let serial = 0;

/** A logged-in member holding one membership with `passesPerYear` passes. */
export async function offerMember(t: TestApp, passesPerYear = 2, status?: 'suspended' | 'expired') {
  serial += 1;
  const m = await memberWithSession(t, { email: `offers.${process.pid}.${serial}@example.com` });
  const membership = await insertMembership(t.app.db, {
    userId: m.user.id,
    passesPerYear,
    ...(status ? { status } : {}),
  });
  return { ...m, dpid: membership.dpid };
}

export async function passesUsed(t: TestApp, dpid: string): Promise<number> {
  const [row] = await t.app.db
    .select({ used: memberships.passesUsed })
    .from(memberships)
    .where(eq(memberships.dpid, dpid));
  return row?.used ?? Number.NaN;
}

export async function vouchersOf(t: TestApp, userId: string, productId: string) {
  return t.app.db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.userId, userId), eq(vouchers.productId, productId)));
}

/** The outlet's till: POST /ops-api/vouchers/confirm (from this machine, as in development). */
export async function confirmAtTill(t: TestApp, body: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/ops-api/vouchers/confirm',
    remoteAddress: '127.0.0.1',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}
