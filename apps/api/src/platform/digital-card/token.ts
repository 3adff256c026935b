import { errors, jwtVerify, SignJWT } from 'jose';
import { MEMBERSHIP_STATUSES, type MembershipStatus } from '../../db/schema';
import type { DigitalCardKeys } from './keys';

/** What a card token says about its holder. */
export interface CardClaims {
  /** The membership number. */
  dpid: string;
  holderName: string | null;
  status: MembershipStatus;
  /** The last day the membership is valid (YYYY-MM-DD). */
  expiresOn: string;
  /** The card issuer (theme), e.g. "natwest". */
  issuer: string;
}

/** The `typ` of card tokens: a token of anything else signed with the same key is refused. */
const CARD_TOKEN_TYPE = 'card+jwt';
const ALGORITHM = 'EdDSA';

/** How long a token is good for at most: the device refreshes it when online. */
export const CARD_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * When the membership ends: the day after `expiresOn` begins everywhere on Earth (12:00 UTC,
 * midnight at UTC-12), so the card holds for the whole of its last day wherever the lounge is.
 */
function membershipEndSeconds(expiresOn: string): number {
  const dayStart = Date.parse(`${expiresOn}T00:00:00Z`);
  if (!ISO_DATE.test(expiresOn) || Number.isNaN(dayStart)) {
    throw new RangeError(`expiresOn is not a date: ${expiresOn}`);
  }
  return (dayStart + 36 * 60 * 60 * 1000) / 1000;
}

/**
 * A signed card token (compact JWS, EdDSA): the claims, `iat`, and `exp` 30 days on, or when
 * the membership ends if that is sooner. Throws (RangeError) when it has ended already: such a
 * token could never be verified.
 */
export async function issueCardToken(
  keys: DigitalCardKeys,
  claims: CardClaims,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = Math.min(iat + CARD_TOKEN_LIFETIME_SECONDS, membershipEndSeconds(claims.expiresOn));
  if (exp <= iat) throw new RangeError(`the membership ended on ${claims.expiresOn}`);
  const { dpid, holderName, status, expiresOn, issuer } = claims;
  return new SignJWT({ dpid, holderName, status, expiresOn, issuer })
    .setProtectedHeader({ alg: ALGORITHM, kid: keys.kid, typ: CARD_TOKEN_TYPE })
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(keys.privateKey);
}

export type CardTokenRead =
  | { ok: true; claims: CardClaims }
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired-token' };

const isString = (value: unknown): value is string => typeof value === 'string';

/** The claims of a verified payload, or undefined when they are not a card's. */
function claimsOf(payload: Record<string, unknown>): CardClaims | undefined {
  const { dpid, holderName, status, expiresOn, issuer } = payload;
  if (!isString(dpid) || dpid === '' || !isString(expiresOn) || !isString(issuer)) return;
  if (holderName !== null && !isString(holderName)) return;
  if (!(MEMBERSHIP_STATUSES as readonly unknown[]).includes(status)) return;
  return { dpid, holderName, status: status as MembershipStatus, expiresOn, issuer };
}

/** Why jose refused a token, in the verifier's words. */
function reasonOf(error: unknown): 'malformed' | 'bad-signature' | 'expired-token' {
  if (error instanceof errors.JWTExpired) return 'expired-token';
  // Not signed by this key, or by no key we use (an alg such as none or HS256).
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'bad-signature';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'bad-signature';
  return 'malformed';
}

/** Checks a token's signature (with the public key) and expiry at `now`; answers its claims. */
export async function readCardToken(
  keys: DigitalCardKeys,
  token: string,
  now: Date,
): Promise<CardTokenRead> {
  try {
    const { payload } = await jwtVerify(token, keys.publicKey, {
      algorithms: [ALGORITHM],
      typ: CARD_TOKEN_TYPE,
      currentDate: now,
      requiredClaims: ['iat', 'exp'],
    });
    const claims = claimsOf(payload);
    return claims ? { ok: true, claims } : { ok: false, reason: 'malformed' };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}
