import { messageKey } from './message-key';
import { requiredString } from './required';

/** An optional minus sign, digits, and an optional decimal part with at least one digit. */
export const NUMERIC_PATTERN = /^-?\d+(?:\.\d+)?$/;

export function isNumeric(input: string): boolean {
  return NUMERIC_PATTERN.test(input);
}

export const numericStringSchema = requiredString().regex(
  NUMERIC_PATTERN,
  messageKey('form-number-invalid'),
);
