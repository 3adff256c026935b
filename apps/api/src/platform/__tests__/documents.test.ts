import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/fixtures';
import { pdfNote, pdfRows, pdfSection, pdfStamp, pdfTitle, renderPdf } from '../documents';

const createdAt = new Date('2026-01-15T10:00:00Z');

/** A small document with text beyond Latin-1 in every helper. */
function render(title = 'Booking confirmation LBTEST2345') {
  return renderPdf({ title, subject: 'Lounge booking', createdAt }, (doc) => {
    pdfTitle(doc, 'Potwierdzenie rezerwacji', 'Gdańsk Lech Wałęsa');
    pdfStamp(doc, 'ANULOWANO — Łódź');
    pdfSection(doc, 'Pasażerowie');
    pdfRows(doc, [
      ['Airport', 'Gdańsk Lech Wałęsa (GDN)'],
      ['Names', 'Łukasz Żółć, Zoë Ångström'],
      ['Card', 'Visa •••• 4242'],
      ['Greek and Cyrillic', 'Αθήνα, Москва'],
    ]);
    pdfNote(doc, 'Zwrot nastąpi w ciągu około 5 dni roboczych (€, £, zł).');
  });
}

describe('renderPdf', () => {
  it('embeds DejaVu Sans, regular and bold, and no standard font', async () => {
    const pdf = await render();
    const raw = pdf.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
    // Subset fonts are named "ABCDEF+<PostScript name>".
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\n/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\n/);
    expect(raw).toContain('/FontFile2');
    expect(raw).toContain('/ToUnicode');
    expect(raw).not.toContain('Helvetica');
  });

  it('shows text beyond Latin-1 as written', async () => {
    const lines = await render().then(pdfText);
    expect(lines).toEqual([
      'Potwierdzenie rezerwacji',
      'Gdańsk Lech Wałęsa',
      'ANULOWANO — Łódź',
      'Pasażerowie',
      'Airport',
      'Gdańsk Lech Wałęsa (GDN)',
      'Names',
      'Łukasz Żółć, Zoë Ångström',
      'Card',
      'Visa •••• 4242',
      'Greek and Cyrillic',
      'Αθήνα, Москва',
      'Zwrot nastąpi w ciągu około 5 dni roboczych (€, £, zł).',
    ]);
  });

  it('keeps the title findable in the raw bytes', async () => {
    const raw = (await render('Booking confirmation LBFIND9876')).toString('latin1');
    // The Info entries are written as plain (indirect) PDF strings.
    expect(raw).toContain('(Booking confirmation LBFIND9876)');
    expect(raw).toContain('(Lounge booking)');
    expect(raw).toContain('(D:20260115100000Z)');
  });

  it('renders again and again from the cached font files', async () => {
    const [a, b] = await Promise.all([render(), render()]);
    expect(pdfText(a)).toEqual(pdfText(b));
  });

  it('rejects when the document cannot be built', async () => {
    await expect(
      renderPdf({ title: 'x', createdAt }, () => {
        throw new Error('broken');
      }),
    ).rejects.toThrow('broken');
  });
});
