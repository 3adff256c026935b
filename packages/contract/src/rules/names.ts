import { NAME_MAX } from '../constants';
import { messageKey } from './message-key';
import { requiredString } from './required';

export function isValidName(input: string): boolean {
  const name = input.trim();
  return name.length > 0 && name.length <= NAME_MAX;
}

/** First and last names: trimmed, required, at most 50 characters. */
export const nameSchema = requiredString().max(NAME_MAX, messageKey('form-max-50'));
