import { CARD_CODE_SEPARATOR, cardCode } from '@portal/contract';
import { qrModules, type QrModules } from '@/shared/lib/qr';

export interface CardQr extends QrModules {
  /** The rotating 6-digit part, for a desk that types it in. */
  totp: string;
}

/** The card's code at `now` (signed token ~ TOTP) as a QR. */
export function cardQr(token: string, secret: string, now: Date): CardQr {
  const code = cardCode(token, secret, now);
  return {
    ...qrModules(code),
    totp: code.slice(code.lastIndexOf(CARD_CODE_SEPARATOR) + 1),
  };
}
