import { NAME_ON_CARD_MAX, NAME_ON_CARD_MIN } from '../constants';
import { issue, messageKey } from './message-key';
import { requiredString } from './required';

/**
 * Latin letters (Basic Latin, Latin-1 Supplement, Latin Extended-A and B, without the
 * multiplication and division signs), spaces, hyphens, apostrophes and full stops.
 */
const LATIN_NAME_PATTERN = /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F \-'\u2019.]+$/;
const LATIN_LETTER_PATTERN = /[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]/;

/** Latin characters only, with at least one letter; composed accents (e + ́) count as Latin. */
export function isLatinName(input: string): boolean {
  const name = input.normalize('NFC');
  return LATIN_NAME_PATTERN.test(name) && LATIN_LETTER_PATTERN.test(name);
}

export function isValidNameOnCard(input: string): boolean {
  const name = input.trim().normalize('NFC');
  return name.length >= NAME_ON_CARD_MIN && name.length <= NAME_ON_CARD_MAX && isLatinName(name);
}

/** Trimmed, composed (NFC), 2 to 50 characters, Latin only. */
export const nameOnCardSchema = requiredString()
  .overwrite((value) => value.normalize('NFC'))
  .min(NAME_ON_CARD_MIN, issue('card-error-name-min'))
  .max(NAME_ON_CARD_MAX, issue('form-max-50'))
  .refine(isLatinName, messageKey('card-error-name-latin'));
