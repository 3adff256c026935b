import type { Env } from '../../config/env';
import { digitalCardKeysOf } from '../../platform/digital-card';
import { readSignedReference, signReference } from '../../platform/signed-reference';

type KeyEnv = Pick<Env, 'DIGITAL_CARD_SIGNING_KEY' | 'DIGITAL_CARD_SECRET'>;

/**
 * What a booking's QR code carries: its Booking ID signed with the server's key, for the desk's
 * check-in to trust. A server without the key (production with the digital card off) shows the
 * bare Booking ID, which desks look up by hand.
 */
export function bookingQr(env: KeyEnv, reference: string): string {
  const keys = digitalCardKeysOf(env);
  return keys ? signReference(keys.privateKey, 'booking', reference) : reference;
}

/** The Booking ID a scanned code carries, if the server signed it. */
export function scannedBooking(env: KeyEnv, code: unknown): string | undefined {
  const keys = digitalCardKeysOf(env);
  return keys ? readSignedReference(keys.publicKey, 'booking', code) : undefined;
}
