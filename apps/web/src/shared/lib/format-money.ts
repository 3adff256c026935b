import type { Money } from '@portal/contract';

/** Minor units as the currency is written in British English: 3000 GBP -> "£30.00". */
export function formatMoney({ amount, currency }: Money): string {
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
