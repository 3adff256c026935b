import { cardTotpStep, splitCardCode } from '@portal/contract';
import { cardTotpSecret, type DigitalCardKeys } from './keys';
import { readCardToken, type CardClaims } from './token';

/*
 * The rotating digital membership card. The server issues a signed token and the card's TOTP
 * secret; the device caches both and shows `cardCode(...)` as a QR, a new one every 30 s; a
 * scanner checks it with `verifyCardCode`. The code's format and TOTP are in
 * @portal/contract (digital-card.ts), shared with the web.
 */

export { cardCode, CARD_TOTP_PERIOD_SECONDS } from '@portal/contract';
export {
  cardTotpSecret,
  digitalCardKeys,
  digitalCardKeysFromEnv,
  digitalCardKeysOf,
  publicJwk,
  type DigitalCardKeys,
} from './keys';
export { CARD_TOKEN_LIFETIME_SECONDS, issueCardToken, type CardClaims } from './token';

/**
 * Which TOTP steps a scan accepts, relative to the scanner's: the current one and two before
 * (a code up to ~90 s old, for a slow queue or a device clock behind), one ahead (a device
 * clock ahead).
 */
export const CARD_CODE_STEPS = { past: 2, future: 1 } as const;

/**
 * How far either way the card's TOTP is looked for, to tell a stale code (this card's, but old:
 * a screenshot) from a wrong one: an hour of steps.
 */
const STALE_SEARCH_STEPS = 120;

export type CardCodeRefusal =
  'malformed' | 'bad-signature' | 'expired-token' | 'stale-code' | 'wrong-code';

export type CardCodeVerification =
  ({ valid: true } & CardClaims) | { valid: false; reason: CardCodeRefusal };

const refused = (reason: CardCodeRefusal): CardCodeVerification => ({ valid: false, reason });

/** Whether the TOTP fits the card and the time, given the token checked out. */
function totpRefusal(
  keys: DigitalCardKeys,
  dpid: string,
  totp: string,
  now: Date,
): CardCodeRefusal | undefined {
  const step = cardTotpStep(cardTotpSecret(keys, dpid), totp, now, STALE_SEARCH_STEPS);
  if (step === null) return 'wrong-code';
  if (step < -CARD_CODE_STEPS.past || step > CARD_CODE_STEPS.future) return 'stale-code';
  return undefined;
}

/**
 * Checks a scanned card code at `now`: its shape, the token's signature and expiry, then the
 * TOTP for the token's card. Never throws: anything that is not a card code is 'malformed'.
 * 'stale-code' is this card's TOTP from outside the accepted steps (an old screenshot, or a
 * device clock far ahead); 'wrong-code' matches no step of this card in the last or next hour.
 */
export async function verifyCardCode(
  keys: DigitalCardKeys,
  code: unknown,
  now: Date,
): Promise<CardCodeVerification> {
  const parts = splitCardCode(code);
  if (!parts) return refused('malformed');
  const read = await readCardToken(keys, parts.token, now);
  if (!read.ok) return refused(read.reason);
  const refusal = totpRefusal(keys, read.claims.dpid, parts.totp, now);
  return refusal ? refused(refusal) : { valid: true, ...read.claims };
}
