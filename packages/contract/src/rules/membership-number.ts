import { MEMBERSHIP_NUMBER_DIGITS } from '../constants';
import { issue, messageKey } from './message-key';
import { requiredString } from './required';
import { groupDigits, isDigits, keepDigits, removeWhitespace } from './text';

/** The digits of what was typed, at most 16. */
export function membershipNumberDigits(input: string): string {
  return keepDigits(input).slice(0, MEMBERSHIP_NUMBER_DIGITS);
}

/** What the input shows while typing: digits in groups of four, at most 19 characters. */
export function formatMembershipNumber(input: string): string {
  return groupDigits(membershipNumberDigits(input));
}

export function isValidMembershipNumber(input: string): boolean {
  const compact = removeWhitespace(input);
  return isDigits(compact) && compact.length === MEMBERSHIP_NUMBER_DIGITS;
}

/** Accepts the number with or without spaces; outputs the 16 digits. */
export const membershipNumberSchema = requiredString()
  .overwrite(removeWhitespace)
  .regex(/^\d+$/, issue('form-digits-only'))
  .length(MEMBERSHIP_NUMBER_DIGITS, messageKey('sign-num-error-1'));
