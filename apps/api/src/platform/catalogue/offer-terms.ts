import type { OfferTerms } from '@portal/contract';
import type { products } from '../../db/schema';

type ProductRow = Pick<typeof products.$inferSelect, 'kind' | 'offer' | 'offerTerms'>;

/** Guests who share an offer when its row does not say: a table of four; a treatment for one. */
const DEFAULT_GUESTS = { dining: 3, spa: 0 } as const;

/**
 * What redeeming a dining or spa offer gives, from its row (issue 20); null for lounges and
 * lanes. An offer imported without terms spends no pass and gives no credit.
 */
export function offerTermsOf(row: ProductRow): OfferTerms | null {
  if (row.kind !== 'dining' && row.kind !== 'spa') return null;
  const terms = row.offerTerms;
  return {
    benefit: row.offer ?? '',
    credit: terms?.credit ?? null,
    guests: terms?.guests ?? DEFAULT_GUESTS[row.kind],
    cashBack: false,
    passes: terms?.passes ?? 0,
    passBuys: terms?.passBuys ?? null,
  };
}
