/** An amount in minor units as people read it, e.g. 6000 GBP → "£60.00", 1500 JPY → "¥1,500". */
export function formatMoney(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
