import { correction, generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';

export interface QrModules {
  /** The SVG path of the QR's dark modules, on a grid of `size` squares. */
  path: string;
  size: number;
}

/** A text as a QR code (medium error correction: a scuffed phone screen still scans). */
export function qrModules(text: string): QrModules {
  const qr = generate(text, { minCorrectionLevel: correction.M });
  return { path: toSvgPath(qr), size: qr.size };
}
