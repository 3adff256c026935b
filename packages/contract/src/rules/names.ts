import { NAME_MAX } from '../constants';
import { messageKey } from './message-key';
import { requiredString } from './required';

/**
 * Control and format characters (line breaks, tabs, bidi overrides, zero-width joiners…): a
 * name travels into email headers, PDFs and other people's screens, where they would deceive.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}]/u;

export function isValidName(input: string): boolean {
  const name = input.trim();
  return name.length > 0 && name.length <= NAME_MAX && !HIDDEN_CHARACTERS.test(name);
}

/** First and last names: trimmed, required, at most 50 characters, no hidden characters. */
export const nameSchema = requiredString()
  .max(NAME_MAX, messageKey('form-max-50'))
  .refine((name) => !HIDDEN_CHARACTERS.test(name), messageKey('form-name-characters'));
