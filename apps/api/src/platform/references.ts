import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another when read out (no 0/O, 1/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A reference members read out and quote: a prefix and `length` random characters. */
export function readableReference(prefix: string, length = 8): string {
  let suffix = '';
  for (let i = 0; i < length; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return prefix + suffix;
}
