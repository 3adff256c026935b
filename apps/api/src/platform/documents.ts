import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { correction, generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';

/** The portal's one way of making PDFs (booking confirmations, membership cards, offers). */
export type PdfDocument = PDFKit.PDFDocument;

export interface PdfOptions {
  /**
   * The document title (its Info dictionary). It is written as a plain PDF string, so what it
   * holds (e.g. a Booking ID) can be found in the raw bytes by tests and tools.
   */
  title: string;
  subject?: string;
  /** The creation date, from the server clock. */
  createdAt: Date;
}

/**
 * DejaVu Sans (the dejavu-fonts-ttf package), embedded as a subset: it covers Latin Extended,
 * Greek and Cyrillic, so names such as "Gdańsk Lech Wałęsa" or "Łukasz Żółć" print as written.
 * pdfkit's standard Helvetica only knows WinAnsi (Latin-1) and garbles anything else.
 */
const REGULAR = 'DejaVuSans';
const BOLD = 'DejaVuSans-Bold';

interface FontFiles {
  regular: Buffer;
  bold: Buffer;
}

let fontFiles: FontFiles | undefined;

/** The font files, read once on first use and kept. */
function fonts(): FontFiles {
  if (!fontFiles) {
    const { resolve } = createRequire(import.meta.url);
    const read = (file: string) => readFileSync(resolve(`dejavu-fonts-ttf/ttf/${file}`));
    fontFiles = { regular: read('DejaVuSans.ttf'), bold: read('DejaVuSans-Bold.ttf') };
  }
  return fontFiles;
}

const MARGIN = 56;
const LABEL_WIDTH = 160;
const INK = '#1a1a1a';
const MUTED = '#5c5c5c';

/**
 * Renders a PDF and resolves with its bytes. All text is in DejaVu Sans and DejaVu Sans Bold
 * (see REGULAR), embedded as subsets with a ToUnicode map, so the text can be copied and
 * searched in a viewer.
 */
export async function renderPdf(
  options: PdfOptions,
  build: (doc: PdfDocument) => void,
): Promise<Buffer> {
  // pdfkit and its font engine are loaded on the first document, not at start (issue 23).
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      // Uncompressed content streams: the documents are small, and tests (and the e2e) can read
      // them. pdfkit writes shown text as hex glyph ids of the embedded font subset, so values to
      // find in the bytes go in the title too (see PdfOptions.title).
      compress: false,
      lang: 'en-GB',
      displayTitle: true,
      info: {
        Title: options.title,
        ...(options.subject ? { Subject: options.subject } : {}),
        Creator: 'Lounge portal',
        Producer: 'Lounge portal',
        CreationDate: options.createdAt,
      },
    });
    const { regular, bold } = fonts();
    doc.registerFont(REGULAR, regular).registerFont(BOLD, bold);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.font(REGULAR).fillColor(INK);
      build(doc);
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/** The document's heading, with an optional line under it. */
export function pdfTitle(doc: PdfDocument, title: string, subtitle?: string): void {
  doc.font(BOLD).fontSize(22).fillColor(INK).text(title);
  if (subtitle) doc.font(REGULAR).fontSize(11).fillColor(MUTED).text(subtitle);
  doc.moveDown(1);
}

/** A section heading above a group of rows. */
export function pdfSection(doc: PdfDocument, heading: string): void {
  doc.moveDown(0.6);
  doc.font(BOLD).fontSize(13).fillColor(INK).text(heading, MARGIN);
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor('#c8c8c8')
    .stroke();
  doc.moveDown(0.5);
}

/** Label and value rows, the label in a narrow column on the left. */
export function pdfRows(doc: PdfDocument, rows: readonly (readonly [string, string])[]): void {
  const valueX = MARGIN + LABEL_WIDTH;
  const valueWidth = doc.page.width - MARGIN - valueX;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(MUTED)
      .text(label, MARGIN, y, {
        width: LABEL_WIDTH - 12,
      });
    const labelBottom = doc.y;
    doc.font(REGULAR).fontSize(11).fillColor(INK).text(value, valueX, y, { width: valueWidth });
    doc.y = Math.max(doc.y, labelBottom) + 4;
  }
  doc.x = MARGIN;
}

/** A paragraph of small print. */
export function pdfNote(doc: PdfDocument, text: string): void {
  doc.moveDown(1);
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text(text, MARGIN, doc.y, {
      width: doc.page.width - 2 * MARGIN,
    });
}

/** A prominent one-line notice (e.g. CANCELLED). */
export function pdfStamp(doc: PdfDocument, text: string, color = '#b00020'): void {
  doc.font(BOLD).fontSize(16).fillColor(color).text(text, MARGIN);
  doc.fillColor(INK).moveDown(0.5);
}

/**
 * A QR code a desk scans (a booking's signed reference), with its caption under it; on a new
 * page when this one has no room for it.
 */
export function pdfQr(doc: PdfDocument, text: string, caption: string): void {
  const qr = generate(text, { minCorrectionLevel: correction.M });
  const side = 132;
  const quiet = 4;
  const scale = side / (qr.size + 2 * quiet);
  if (doc.y + side + 40 > doc.page.height - MARGIN) doc.addPage();
  const x = MARGIN;
  const y = doc.y + 8;
  doc.save();
  doc.rect(x, y, side, side).fill('#ffffff');
  doc
    .translate(x + quiet * scale, y + quiet * scale)
    .scale(scale)
    .path(toSvgPath(qr))
    .fill('#000000');
  doc.restore();
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text(caption, MARGIN, y + side + 6, {
      width: doc.page.width - 2 * MARGIN,
    });
  doc.x = MARGIN;
}
