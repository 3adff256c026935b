import { correction, generate } from 'lean-qr';
import { toPngBuffer } from 'lean-qr/extras/node_export';

/**
 * A text as a QR code in a PNG, for an email to carry (the PDFs draw theirs with pdfQr): the
 * same medium error correction as the PDFs and the web page, black on white, 8 pixels a module
 * with the 4-module quiet zone a scanner needs.
 */
export function qrPng(text: string): Buffer {
  const qr = generate(text, { minCorrectionLevel: correction.M });
  return Buffer.from(toPngBuffer(qr, { on: [0, 0, 0], off: [255, 255, 255], pad: 4, scale: 8 }));
}
