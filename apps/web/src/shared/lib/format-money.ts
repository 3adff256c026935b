import type { Money } from '@portal/contract';
import { keptBy } from './kept-by';

/** A currency's formatter, made at its first use. */
const currencyFormat = keptBy(
  (currency) => new Intl.NumberFormat('en-GB', { style: 'currency', currency }),
);

/**
 * The first currency formatter loads the browser's number and currency data: 15-25 ms on a
 * phone (60-95 ms at Lighthouse's 4x slowdown), the largest part of the first render that shows
 * a price, a long task. Made in a task of its own as soon as a page that shows prices has its
 * code, while it waits for its data (issue 23: step 1 of a booking); the rest cost little.
 */
window.setTimeout(() => currencyFormat('GBP'), 0);

/** Minor units as the currency is written in British English: 3000 GBP -> "£30.00". */
export function formatMoney({ amount, currency }: Money): string {
  const format = currencyFormat(currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
