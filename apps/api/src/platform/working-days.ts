import { localDateTime } from './local-time';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Saturday or Sunday, for a calendar date held as midnight UTC. */
function isWeekend(day: number): boolean {
  const weekday = new Date(day).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * `from` moved forward by `days` working days (Monday to Friday; Saturdays and Sundays are
 * skipped). The days are counted on the calendar of `timeZone` (the airport's): a cancellation
 * late on Friday evening there counts from Friday, even when it is Saturday in UTC. The answer
 * is that due date at `from`'s UTC time of day, so its UTC date (what `refund.dueBy` shows) is
 * the due date. Bank holidays are not known here.
 */
export function addWorkingDays(from: Date, days: number, timeZone: string): Date {
  const [year, month, date] = localDateTime(from, timeZone).date.split('-').map(Number);
  let day = Date.UTC(year!, month! - 1, date);
  let left = days;
  while (left > 0) {
    day += DAY_MS;
    if (!isWeekend(day)) left--;
  }
  const timeOfDay = ((from.getTime() % DAY_MS) + DAY_MS) % DAY_MS;
  return new Date(day + timeOfDay);
}
