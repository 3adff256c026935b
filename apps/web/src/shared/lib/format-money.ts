import type { Money } from '@portal/contract';
import { keptBy } from './kept-by';

/** A currency's formatter, made at its first use (the currencies other than the pound). */
const currencyFormat = keptBy(
  (currency) => new Intl.NumberFormat('en-GB', { style: 'currency', currency }),
);

/** Thousands grouped as British English writes them: 1234567 -> "1,234,567". */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Pence as British English writes pounds, as Intl.NumberFormat('en-GB', GBP) would ("£1,234.50",
 * "-£0.99"), without it: making a currency formatter loads the browser's number and currency
 * data, 15-25 ms on a phone and 100 ms at Lighthouse's 4x slowdown, a long task on every page
 * that shows a price (issue 23: step 1 of a booking). Every price of the portal is in pounds.
 */
function formatPence(amount: number): string {
  const pence = Math.round(Math.abs(amount));
  const sign = amount < 0 && pence > 0 ? '-' : '';
  return `${sign}£${grouped(Math.floor(pence / 100))}.${String(pence % 100).padStart(2, '0')}`;
}

/** Minor units as the currency is written in British English: 3000 GBP -> "£30.00". */
export function formatMoney({ amount, currency }: Money): string {
  if (currency === 'GBP') return formatPence(amount);
  const format = currencyFormat(currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
