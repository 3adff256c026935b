/**
 * The name as the provider's SDK sends it: its plaintext is Latin-1, so a character above
 * U+00FF keeps only its low byte (as Buffer's latin1 does); spaces collapsed, case ignored.
 */
function asSent(name: string): string {
  const text = name.normalize('NFC').trim().replace(/\s+/g, ' ');
  return Buffer.from(text, 'latin1').toString('latin1').toLocaleLowerCase('en');
}

/** Whether the name typed beside the card is the name encrypted with it. */
export const sameHolderName = (typed: string, tokenised: string): boolean =>
  asSent(typed) === asSent(tokenised);
