/** Whether `now` falls inside the configured window (ISO instants, both ends included). */
export function isInsideWindow(window: { from: string; to: string }, now: number): boolean {
  const from = Date.parse(window.from);
  const to = Date.parse(window.to);
  if (Number.isNaN(from) || Number.isNaN(to)) return false;
  return now >= from && now <= to;
}

/** What the session remembers about a closed ribbon: the window it belonged to. */
export const windowKey = (window: { from: string; to: string }) => `${window.from}|${window.to}`;
