import { inflateSync } from 'node:zlib';
import { calls, type Voucher } from '@portal/contract';
import { correction, generate } from 'lean-qr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo, okResult } from '../../../../test/call-helpers';
import { pdfText } from '../../../../test/pdf-text';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { voucherCodeOf } from '../voucher-view';
import { confirmAtTill, CREDIT, loadOffers, offerMember, PASS } from './offer-fixtures';

/*
 * The voucher email's files (issue 60): the voucher as a PDF and its QR as an image, made by the
 * outbox when the email is sent, as a booking confirmation's are.
 */
const NOW = '2026-11-25T10:00:00Z';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await loadOffers(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof offerMember>>;

async function redeemedWithEmail(m: Member, id: string, kind: 'dining' | 'spa') {
  const call = kind === 'dining' ? calls.redeemDiningOffer : calls.redeemSpaOffer;
  const voucher = okResult<Voucher>(await t.call(call, { id }, m.headers));
  const emails = await messagesTo(t, m.user.email, 'email');
  expect(emails).toHaveLength(1);
  return { voucher, email: emails[0]! };
}

/**
 * The dark and light pixels of a PNG, read with node:zlib: 1-bit greyscale or palette images
 * (what lean-qr writes), rows unfiltered.
 */
function pngPixels(png: Buffer): {
  width: number;
  height: number;
  dark: (x: number, y: number) => boolean;
} {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  let width = 0;
  let height = 0;
  let palette: Buffer | undefined;
  let colourType = -1;
  const data: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect(body[8]).toBe(1); // bit depth
      colourType = body[9]!;
      expect([0, 3]).toContain(colourType);
    } else if (type === 'PLTE') palette = body;
    else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = Math.ceil(width / 8) + 1;
  expect(raw.length).toBe(stride * height);
  const dark = (x: number, y: number) => {
    expect(raw[y * stride]).toBe(0); // filter: none
    const bit = (raw[y * stride + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1;
    if (colourType === 0) return bit === 0;
    const [r, g, b] = palette!.subarray(bit * 3, bit * 3 + 3);
    return r! + g! + b! < 3 * 128;
  };
  return { width, height, dark };
}

/**
 * The QR's modules as the image shows them: the grid found from the top-left finder pattern
 * (7 modules wide, starting after the quiet zone), each module read at its centre.
 */
function qrModulesOf(png: Buffer): boolean[][] {
  const { width, height, dark } = pngPixels(png);
  let start = 0;
  while (start < width && !dark(start, start)) start++;
  let run = 0;
  while (dark(start + run, start)) run++;
  const scale = run / 7;
  expect(Number.isInteger(scale)).toBe(true);
  const size = (width - 2 * start) / scale;
  expect(Number.isInteger(size)).toBe(true);
  expect(height).toBe(width);
  return Array.from({ length: size }, (_, y) =>
    Array.from({ length: size }, (_, x) =>
      dark(start + x * scale + scale / 2, start + y * scale + scale / 2),
    ),
  );
}

/** The modules of a text's QR as the web page and the PDFs draw it (medium error correction). */
function expectedModules(text: string): boolean[][] {
  const qr = generate(text, { minCorrectionLevel: correction.M });
  return Array.from({ length: qr.size }, (_, y) =>
    Array.from({ length: qr.size }, (_, x) => qr.get(x, y)),
  );
}

describe('the voucher email', () => {
  it('carries the voucher PDF and the QR image the voucher page shows, and says so', async () => {
    const m = await offerMember(t);
    const { voucher, email } = await redeemedWithEmail(m, CREDIT, 'dining');
    expect(email.body).toContain('show its QR code (the attached image, or the attached PDF');
    expect(email.body).toContain(`Voucher code: ${voucher.code}`);

    const files = await t.app.outboxFiles.render(email);
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      [`voucher-${voucher.code}.pdf`, 'application/pdf'],
      [`voucher-${voucher.code}-qr.png`, 'image/png'],
    ]);

    const [pdf, png] = files;
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf!.content).join('\n');
    expect(text).toContain(`Voucher code ${voucher.code}`);
    expect(text).toContain('Quay Grill');
    expect(text).toContain('Newquay');
    expect(text).toContain('2026-11-25 until 22:00 (local time)');
    expect(text).toContain('£15 voucher towards food and drink');
    expect(text).toContain('Show this code at the till before you order');

    // The image holds the QR of the voucher's signed reference, module for module: what the
    // voucher page encodes and the till reads back as the voucher's code.
    expect(qrModulesOf(png!.content)).toEqual(expectedModules(voucher.qr!));
    expect(voucherCodeOf(t.app.env, voucher.qr!)).toBe(voucher.code);
  });

  it('carries a spa voucher’s files too', async () => {
    const m = await offerMember(t, 1);
    const { voucher, email } = await redeemedWithEmail(m, PASS, 'spa');
    const [pdf, png] = await t.app.outboxFiles.render(email);
    expect(pdfText(pdf!.content).join('\n')).toContain(`Voucher code ${voucher.code}`);
    expect(qrModulesOf(png!.content)).toEqual(expectedModules(voucher.qr!));
  });

  it('is sent as the voucher is then: once used, its PDF says so and no QR goes with it', async () => {
    const m = await offerMember(t);
    const { voucher, email } = await redeemedWithEmail(m, CREDIT, 'dining');
    expect((await confirmAtTill(t, { code: voucher.code, productId: CREDIT })).body).toMatchObject({
      valid: true,
    });
    const files = await t.app.outboxFiles.render(email);
    expect(files.map((f) => f.contentType)).toEqual(['application/pdf']);
    expect(pdfText(files[0]!.content)).toContain('USED');
  });
});
