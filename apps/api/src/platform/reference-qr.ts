import type { Env } from '../config/env';
import { digitalCardKeysOf } from './digital-card';
import { readSignedReference, signReference, type ReferenceKind } from './signed-reference';

type KeyEnv = Pick<Env, 'DIGITAL_CARD_SIGNING_KEY' | 'DIGITAL_CARD_SECRET'>;

/**
 * What a booking's or voucher's QR code carries: its reference signed with the server's key,
 * for a desk or till to trust. A server without the key (production with the digital card off)
 * shows the bare reference, which desks look up by hand.
 */
export function referenceQr(env: KeyEnv, kind: ReferenceKind, reference: string): string {
  const keys = digitalCardKeysOf(env);
  return keys ? signReference(keys.privateKey, kind, reference) : reference;
}

/** The reference a scanned code carries, if the server signed it. */
export function scannedReference(
  env: KeyEnv,
  kind: ReferenceKind,
  code: unknown,
): string | undefined {
  const keys = digitalCardKeysOf(env);
  return keys ? readSignedReference(keys.publicKey, kind, code) : undefined;
}
