import PDFDocument from 'pdfkit';

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

const MARGIN = 56;
const LABEL_WIDTH = 160;
const INK = '#1a1a1a';
const MUTED = '#5c5c5c';

/**
 * Renders a PDF and resolves with its bytes. Only pdfkit's built-in standard fonts are used
 * (Helvetica and Helvetica-Bold), whose metrics ship inside pdfkit: no font files at run time.
 */
export function renderPdf(options: PdfOptions, build: (doc: PdfDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      // Uncompressed content streams: the documents are small, and tests (and the e2e) can read
      // them. pdfkit writes shown text as hex glyph codes, so values to find in the bytes go in
      // the title too (see PdfOptions.title).
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
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.font('Helvetica').fillColor(INK);
      build(doc);
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/** The document's heading, with an optional line under it. */
export function pdfTitle(doc: PdfDocument, title: string, subtitle?: string): void {
  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(title);
  if (subtitle) doc.font('Helvetica').fontSize(11).fillColor(MUTED).text(subtitle);
  doc.moveDown(1);
}

/** A section heading above a group of rows. */
export function pdfSection(doc: PdfDocument, heading: string): void {
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(heading, MARGIN);
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
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(label, MARGIN, y, {
        width: LABEL_WIDTH - 12,
      });
    const labelBottom = doc.y;
    doc.font('Helvetica').fontSize(11).fillColor(INK).text(value, valueX, y, { width: valueWidth });
    doc.y = Math.max(doc.y, labelBottom) + 4;
  }
  doc.x = MARGIN;
}

/** A paragraph of small print. */
export function pdfNote(doc: PdfDocument, text: string): void {
  doc.moveDown(1);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(text, MARGIN, doc.y, {
      width: doc.page.width - 2 * MARGIN,
    });
}

/** A prominent one-line notice (e.g. CANCELLED). */
export function pdfStamp(doc: PdfDocument, text: string, color = '#b00020'): void {
  doc.font('Helvetica-Bold').fontSize(16).fillColor(color).text(text, MARGIN);
  doc.fillColor(INK).moveDown(0.5);
}
