const DAY_MS = 24 * 60 * 60 * 1000;

/** Saturday or Sunday (in UTC, where the refund dates are reckoned). */
function isWeekend(instant: Date): boolean {
  const day = instant.getUTCDay();
  return day === 0 || day === 6;
}

/**
 * `from` moved forward by `days` working days (Monday to Friday; Saturdays and Sundays are
 * skipped), keeping its time of day. Bank holidays are not known here.
 */
export function addWorkingDays(from: Date, days: number): Date {
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    if (!isWeekend(new Date(at))) left--;
  }
  return new Date(at);
}
