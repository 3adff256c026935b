import { CARD_CODE_SEPARATOR, cardCode } from '@portal/contract';
import { correction, generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';

export interface CardQr {
  /** The SVG path of the QR's dark modules, on a grid of `size` squares. */
  path: string;
  size: number;
  /** The rotating 6-digit part, for a desk that types it in. */
  totp: string;
}

/** The card's code at `now` (signed token ~ TOTP) as a QR. */
export function cardQr(token: string, secret: string, now: Date): CardQr {
  const code = cardCode(token, secret, now);
  const qr = generate(code, { minCorrectionLevel: correction.M });
  return {
    path: toSvgPath(qr),
    size: qr.size,
    totp: code.slice(code.lastIndexOf(CARD_CODE_SEPARATOR) + 1),
  };
}
