import { CVV_MAX_DIGITS, CVV_MIN_DIGITS } from '../constants';
import { messageKey } from './message-key';
import { requiredString } from './required';

const CVV_PATTERN = new RegExp(`^\\d{${CVV_MIN_DIGITS},${CVV_MAX_DIGITS}}$`);

export function isValidCvv(input: string): boolean {
  return CVV_PATTERN.test(input.trim());
}

export const cvvSchema = requiredString().regex(CVV_PATTERN, messageKey('card-error-cvc'));
