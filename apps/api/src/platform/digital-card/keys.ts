import { createHash, createHmac, createPublicKey, type KeyObject } from 'node:crypto';
import { cardTotpSecretOf } from '@portal/contract';
import type { JWK } from 'jose';
import type { Env } from '../../config/env';
import { ed25519PrivateKey } from './signing-key';

/** What signs and checks card tokens, and derives each card's TOTP secret. */
export interface DigitalCardKeys {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** The public key's RFC 7638 thumbprint: the tokens' `kid`, so keys can be rotated later. */
  readonly kid: string;
  /** DIGITAL_CARD_SECRET's bytes: the HMAC key of the per-card TOTP secrets. */
  readonly totpKey: Buffer;
}

/** RFC 7638: SHA-256 of the required members, in lexical order, without whitespace. */
function thumbprint(publicKey: KeyObject): string {
  const { crv, kty, x } = publicKey.export({ format: 'jwk' });
  const canonical = JSON.stringify({ crv, kty, x });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** The card keys of a signing key (PKCS#8 PEM or JWK, Ed25519) and a secret; throws if not. */
export function digitalCardKeys(settings: { signingKey: string; secret: string }): DigitalCardKeys {
  const privateKey = ed25519PrivateKey(settings.signingKey);
  const publicKey = createPublicKey(privateKey);
  return {
    privateKey,
    publicKey,
    kid: thumbprint(publicKey),
    totpKey: Buffer.from(settings.secret, 'utf8'),
  };
}

/**
 * The card keys the environment gives; undefined in production when it gives none (the card
 * is off). Outside production loadEnv fills in the development ones.
 */
export function digitalCardKeysFromEnv(
  env: Pick<Env, 'DIGITAL_CARD_SIGNING_KEY' | 'DIGITAL_CARD_SECRET'>,
): DigitalCardKeys | undefined {
  const { DIGITAL_CARD_SIGNING_KEY: signingKey, DIGITAL_CARD_SECRET: secret } = env;
  if (signingKey === undefined || secret === undefined) return undefined;
  return digitalCardKeys({ signingKey, secret });
}

/** The keys of an environment, read once per environment (not on every scan or booking). */
const keysByEnv = new WeakMap<object, DigitalCardKeys | undefined>();
export function digitalCardKeysOf(
  env: Pick<Env, 'DIGITAL_CARD_SIGNING_KEY' | 'DIGITAL_CARD_SECRET'>,
): DigitalCardKeys | undefined {
  if (!keysByEnv.has(env)) keysByEnv.set(env, digitalCardKeysFromEnv(env));
  return keysByEnv.get(env);
}

/** The public key as a JWK, for anyone to check card tokens offline (e.g. a JWKS). */
export function publicJwk(keys: DigitalCardKeys): JWK {
  const { crv, kty, x } = keys.publicKey.export({ format: 'jwk' });
  return { kty, crv, x, kid: keys.kid, alg: 'EdDSA', use: 'sig' };
}

/**
 * A card's TOTP secret (base32), derived rather than stored: HMAC-SHA256 of the card's number
 * under DIGITAL_CARD_SECRET. The device receives it with the token and keeps it.
 */
export function cardTotpSecret(keys: DigitalCardKeys, dpid: string): string {
  const bytes = createHmac('sha256', keys.totpKey).update(`digital-card:${dpid}`, 'utf8').digest();
  return cardTotpSecretOf(bytes);
}
