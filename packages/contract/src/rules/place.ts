/** A part's text for comparing: trimmed, inner spaces collapsed, case folded. */
const comparable = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Where a visit is, as one line: "Fast Track Security, Terminal 2, London Heathrow Airport".
 * Joins the parts given (a place's name, its terminal, its airport) with ", ", leaving out an
 * empty one and one already said: a part equal to an earlier part or to one of its
 * comma-separated pieces (a fast-track lane is named "Fast Track Security, Terminal 2", so its
 * terminal is not repeated). The review page and the calendar file (.ics) both use it.
 */
export function joinPlace(parts: readonly (string | null | undefined)[]): string {
  const said = new Set<string>();
  const kept: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (!text || said.has(comparable(text))) continue;
    kept.push(text);
    said.add(comparable(text));
    for (const piece of text.split(',')) said.add(comparable(piece));
  }
  return kept.join(', ');
}
