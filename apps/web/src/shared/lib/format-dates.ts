import { keptBy } from './kept-by';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** A calendar day ("2026-12-01") as a date at UTC midnight, so no time zone shifts it. */
const calendarDay = (isoDate: string): Date | undefined => {
  const match = ISO_DAY.exec(isoDate);
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
};

const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const;
/** The formatters by time zone, each made at its first use (the instants' days). */
const dayFormat = keptBy((timeZone) => new Intl.DateTimeFormat('en-GB', { ...DAY, timeZone }));

/*
 * A calendar day's names as Intl.DateTimeFormat('en-GB') writes them short (ICU's "Sept"),
 * without it: making a date formatter loads the browser's calendar data, 30 ms on this machine
 * and 130 ms at Lighthouse's 4x slowdown, a long task on the first page that shows a day
 * (issue 23: step 1 of a booking, its date hint). A calendar day needs no time zone.
 */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** A day at UTC midnight as "8 Dec 2026". */
const dayOf = (date: Date) =>
  `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;

/** "2026-12-01" -> "Tue 1 Dec 2026": the day as given (the airport's own), never converted. */
export function formatVisitDay(isoDate: string): string {
  const date = calendarDay(isoDate);
  return date ? `${WEEKDAYS[date.getUTCDay()]} ${dayOf(date)}` : isoDate;
}

/** "2026-12-08" -> "8 Dec 2026". */
export function formatDay(isoDate: string): string {
  const date = calendarDay(isoDate);
  return date ? dayOf(date) : isoDate;
}

/** An instant ("2026-11-03T09:12:00Z") as its day in the given zone (the airport's). */
export function formatInstantDay(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return dayFormat(timeZone).format(date);
  } catch {
    return dayFormat('UTC').format(date);
  }
}

/** An instant as its time of day on this browser's clock, "14:05" (a deadline to act by). */
export function formatClockTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
