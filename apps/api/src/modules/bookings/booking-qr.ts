import type { Env } from '../../config/env';
import { referenceQr, scannedReference } from '../../platform/reference-qr';

type KeyEnv = Pick<Env, 'DIGITAL_CARD_SIGNING_KEY' | 'DIGITAL_CARD_SECRET'>;

/** What a booking's QR code carries: its Booking ID signed (see referenceQr). */
export const bookingQr = (env: KeyEnv, reference: string): string =>
  referenceQr(env, 'booking', reference);

/** The Booking ID a scanned code carries, if the server signed it. */
export const scannedBooking = (env: KeyEnv, code: unknown): string | undefined =>
  scannedReference(env, 'booking', code);
