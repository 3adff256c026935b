import type { Money } from '@portal/contract';
import { keptBy } from './kept-by';

/** A currency's formatter, made at its first use. */
const currencyFormat = keptBy(
  (currency) => new Intl.NumberFormat('en-GB', { style: 'currency', currency }),
);

let prepared = false;

/**
 * Makes the pound's formatter in a task of its own, next, once: the first currency formatter
 * loads the browser's number and currency data (15-25 ms on a phone, 60-95 ms at Lighthouse's
 * 4x slowdown), which would otherwise lengthen the first render that shows a price, a long task.
 * Asked for by the pages that show prices as their code loads, while they wait for their data
 * (issue 23: step 1 of a booking); the other currencies then cost little.
 */
export function prepareMoneyFormat(): void {
  if (prepared) return;
  prepared = true;
  globalThis.setTimeout(() => currencyFormat('GBP'), 0);
}

/** Minor units as the currency is written in British English: 3000 GBP -> "£30.00". */
export function formatMoney({ amount, currency }: Money): string {
  const format = currencyFormat(currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
