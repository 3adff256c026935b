import { Secret, TOTP } from 'otpauth';

/*
 * The rotating code of the digital membership card, as its QR shows it: the card token (a
 * compact JWS the server signed) and a TOTP of the card's secret, `<jws>~<6 digits>`. The
 * token says who holds the card and stays cached on the device for offline use; the TOTP
 * changes every 30 s, so a screenshot of the QR goes stale within ~90 s.
 *
 * This file imports only otpauth (its browser build has no node:crypto), so the web shows the
 * same codes the api checks.
 */

/** RFC 6238 as authenticator apps do it: HMAC-SHA1, 6 digits, 30-second steps. */
export const CARD_TOTP_PERIOD_SECONDS = 30;
export const CARD_TOTP_DIGITS = 6;

/** Between token and TOTP: neither a compact JWS (base64url and dots) nor digits use it. */
export const CARD_CODE_SEPARATOR = '~';

/**
 * The longest code read at all: a card code is ~450 characters, and a QR holds at most ~3 KB,
 * so anything longer is refused before it is parsed.
 */
export const CARD_CODE_MAX_LENGTH = 2048;

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const TOTP_DIGITS = new RegExp(`^\\d{${CARD_TOTP_DIGITS}}$`);

function cardTotp(secret: string): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: CARD_TOTP_DIGITS,
    period: CARD_TOTP_PERIOD_SECONDS,
  });
}

/** The base32 TOTP secret of some key bytes (the server derives them per card). */
export function cardTotpSecretOf(bytes: Uint8Array): string {
  // A copy: a Node Buffer's ArrayBuffer may be a shared pool holding other bytes too.
  return new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;
}

/** The card's 6-digit TOTP at `now` (an explicit time: the caller's clock, never Date.now). */
export function cardTotpAt(secret: string, now: Date): string {
  return cardTotp(secret).generate({ timestamp: now.getTime() });
}

/** What the card's QR shows at `now`: `<token>~<TOTP>`, a new one every 30 s. */
export function cardCode(token: string, secret: string, now: Date): string {
  return `${token}${CARD_CODE_SEPARATOR}${cardTotpAt(secret, now)}`;
}

export interface CardCodeParts {
  token: string;
  totp: string;
}

/** A scanned code's token and TOTP, or undefined when it is not shaped like a card code. */
export function splitCardCode(code: unknown): CardCodeParts | undefined {
  if (typeof code !== 'string' || code.length > CARD_CODE_MAX_LENGTH) return undefined;
  const parts = code.split(CARD_CODE_SEPARATOR);
  if (parts.length !== 2) return undefined;
  const [token = '', totp = ''] = parts;
  if (!COMPACT_JWS.test(token) || !TOTP_DIGITS.test(totp)) return undefined;
  return { token, totp };
}

/**
 * How many 30-s steps from `now`'s the step is whose TOTP `totp` is (negative: older), looking
 * `window` steps either way; null when it is none of them.
 */
export function cardTotpStep(
  secret: string,
  totp: string,
  now: Date,
  window: number,
): number | null {
  return cardTotp(secret).validate({ token: totp, timestamp: now.getTime(), window });
}
