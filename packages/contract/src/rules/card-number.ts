import { CARD_NUMBER_MAX_DIGITS, CARD_NUMBER_MIN_DIGITS } from '../constants';
import { issue, messageKey } from './message-key';
import { requiredString } from './required';
import { groupDigits, isDigits, keepDigits, removeWhitespace } from './text';

/** The digits of what was typed, at most 16 (19 characters once grouped). */
export function cardNumberDigits(input: string): string {
  return keepDigits(input).slice(0, CARD_NUMBER_MAX_DIGITS);
}

/** What the input shows while typing: digits in groups of four. */
export function formatCardNumber(input: string): string {
  return groupDigits(cardNumberDigits(input));
}

export function isValidCardNumber(input: string): boolean {
  const digits = removeWhitespace(input);
  return (
    isDigits(digits) &&
    digits.length >= CARD_NUMBER_MIN_DIGITS &&
    digits.length <= CARD_NUMBER_MAX_DIGITS
  );
}

/** Accepts the number with or without spaces; outputs the digits. */
export const cardNumberSchema = requiredString()
  .overwrite(removeWhitespace)
  .regex(/^\d+$/, issue('form-digits-only'))
  .min(CARD_NUMBER_MIN_DIGITS, issue('card-error-min-digits'))
  .max(CARD_NUMBER_MAX_DIGITS, messageKey('card-error-number-invalid'));
