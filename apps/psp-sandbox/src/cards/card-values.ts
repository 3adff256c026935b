import { errorItem, type ProviderErrorItem } from '../errors';
import { passesLuhn } from './luhn';

/** The card as read from the decrypted customer input; lives only for one request. */
export interface CardValues {
  cardNumber: string;
  expiryMonth: number;
  expiryYear: number;
  cvv: string;
  holderName: string;
}

const MAX_YEARS_AHEAD = 20;

const invalid = (propertyName: string, message: string) =>
  errorItem('invalidValue', { propertyName, message });

/** Checks the values the way the provider would; the errors never repeat the values. */
export function readCardValues(
  values: ReadonlyMap<string, string>,
  now: Date,
): { card: CardValues } | { errors: ProviderErrorItem[] } {
  const errors: ProviderErrorItem[] = [];

  const cardNumber = (values.get('cardNumber') ?? '').replace(/\s/g, '');
  if (!/^\d{12,19}$/.test(cardNumber)) {
    errors.push(invalid('cardNumber', 'cardNumber must be 12 to 19 digits'));
  } else if (!passesLuhn(cardNumber)) {
    errors.push(invalid('cardNumber', 'cardNumber fails the Luhn check'));
  }

  const expiry = /^(0[1-9]|1[0-2])(\d{2})$/.exec(values.get('expiryDate') ?? '');
  const expiryMonth = expiry ? Number(expiry[1]) : 0;
  const expiryYear = expiry ? 2000 + Number(expiry[2]) : 0;
  if (!expiry) {
    errors.push(invalid('expiryDate', 'expiryDate must be MMYY'));
  } else {
    const monthsAhead =
      expiryYear * 12 + expiryMonth - (now.getUTCFullYear() * 12 + now.getUTCMonth() + 1);
    if (monthsAhead < 0) errors.push(invalid('expiryDate', 'The card has expired'));
    else if (monthsAhead > MAX_YEARS_AHEAD * 12) {
      errors.push(invalid('expiryDate', 'expiryDate is too far in the future'));
    }
  }

  const cvv = values.get('cvv') ?? '';
  if (!/^\d{3,4}$/.test(cvv)) errors.push(invalid('cvv', 'cvv must be 3 or 4 digits'));

  const holderName = (values.get('cardholderName') ?? '').trim().replace(/\s+/g, ' ');
  // eslint-disable-next-line no-control-regex
  if (holderName.length < 2 || holderName.length > 50 || /[\u0000-\u001f\u007f]/.test(holderName)) {
    errors.push(invalid('cardholderName', 'cardholderName must be 2 to 50 characters'));
  }

  if (errors.length > 0) return { errors };
  return { card: { cardNumber, expiryMonth, expiryYear, cvv, holderName } };
}
