/**
 * The text lines a PDF made by renderPdf shows, read back through the ToUnicode map of each
 * embedded font (pdfkit writes shown text as glyph ids of the font subset, so the text itself is
 * not in the bytes). Only for the uncompressed PDFs renderPdf makes; one string per text run.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, string>();
  for (const [, id, body] of raw.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    objects.set(id!, body!);
  }
  const streamOf = (id: string | undefined) =>
    (id && objects.get(id)?.match(/\nstream\n([\s\S]*?)\nendstream/)?.[1]) ?? '';

  // Font resource name (F2) → glyph id → the text it stands for.
  const glyphs = new Map<string, Map<number, string>>();
  for (const [, name, id] of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const toUnicode = objects.get(id!)?.match(/\/ToUnicode (\d+) 0 R/)?.[1];
    if (!toUnicode) continue;
    const map = new Map<number, string>();
    const cmap = streamOf(toUnicode);
    for (const [, start, targets] of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
      [...targets!.matchAll(/<([0-9a-f ]+)>/gi)].forEach(([, units], i) => {
        const codes = units!.split(' ').map((unit) => parseInt(unit, 16));
        map.set(parseInt(start!, 16) + i, String.fromCharCode(...codes));
      });
    }
    glyphs.set(name!, map);
  }

  const lines: string[] = [];
  for (const id of objects.keys()) {
    const content = streamOf(id);
    if (!content.includes(' Tf\n')) continue;
    let font = new Map<number, string>();
    for (const [, name, shown] of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (name) {
        font = glyphs.get(name) ?? new Map<number, string>();
        continue;
      }
      let line = '';
      for (const [, hex] of shown!.matchAll(/<([0-9a-f]*)>/gi)) {
        for (let i = 0; i < hex!.length; i += 4) {
          line += font.get(parseInt(hex!.slice(i, i + 4), 16)) ?? '\uFFFD';
        }
      }
      lines.push(line);
    }
  }
  return lines;
}
