import { createPrivateKey, type JsonWebKey, type KeyObject } from 'node:crypto';

/*
 * The card signing key's text, as DIGITAL_CARD_SIGNING_KEY gives it. Only node:crypto here:
 * config/env.ts checks the key with the same code at boot.
 */

/** An Ed25519 PKCS#8 DER is this fixed prefix and the 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The Ed25519 private key (PKCS#8 PEM) whose seed is these 32 bytes. */
export function ed25519PemFromSeed(seed: Uint8Array): string {
  if (seed.length !== 32) throw new RangeError('an Ed25519 seed is 32 bytes');
  const der = Buffer.concat([ED25519_PKCS8_PREFIX, seed]);
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })
    .export({ type: 'pkcs8', format: 'pem' })
    .toString();
}

function keyFromText(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const jwk: unknown = JSON.parse(trimmed);
    if (typeof jwk !== 'object' || jwk === null) throw new Error('not a JWK');
    // Node checks the members (kty, crv, d, x) itself.
    return createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' });
  }
  // A PEM given in one line may carry its newlines as \n.
  return createPrivateKey(trimmed.replace(/\\n/g, '\n'));
}

/** The Ed25519 private key of a PKCS#8 PEM or a JWK (JSON); throws on anything else. */
export function ed25519PrivateKey(text: string): KeyObject {
  let key: KeyObject;
  try {
    key = keyFromText(text);
  } catch {
    throw new Error('not a private key (PKCS#8 PEM or JWK)');
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  return key;
}
