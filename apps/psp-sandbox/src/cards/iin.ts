import { findProduct, type CardProduct } from './products';

/** Which product a card number's leading digits (6 or more) belong to; undefined when unknown. */
export function productForIin(digits: string): CardProduct | undefined {
  if (!/^\d{6,}$/.test(digits)) return undefined;
  const six = Number(digits.slice(0, 6));
  let id: number | undefined;
  if (digits.startsWith('4')) id = 1;
  else if (/^3[47]/.test(digits)) id = 2;
  else if (/^5[1-5]/.test(digits) || (six >= 222100 && six <= 272099)) id = 3;
  else if (/^(30[0-5]|309|36|3[89])/.test(digits)) id = 132;
  return id === undefined ? undefined : findProduct(id);
}

/** The sandbox has no issuer data; every known IIN reports the same country. */
export const IIN_COUNTRY_CODE = 'GB';
