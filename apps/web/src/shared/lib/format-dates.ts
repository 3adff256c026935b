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
/** The formatters by time zone, each made at its first use. */
const weekdayFormat = keptBy(
  (timeZone) => new Intl.DateTimeFormat('en-GB', { weekday: 'short', ...DAY, timeZone }),
);
const dayFormat = keptBy((timeZone) => new Intl.DateTimeFormat('en-GB', { ...DAY, timeZone }));

/** "2026-12-01" -> "Tue 1 Dec 2026": the day as given (the airport's own), never converted. */
export function formatVisitDay(isoDate: string): string {
  const date = calendarDay(isoDate);
  if (!date) return isoDate;
  return weekdayFormat('UTC')
    .formatToParts(date)
    .filter((part) => part.type !== 'literal')
    .map((part) => part.value)
    .join(' ');
}

/** "2026-12-08" -> "8 Dec 2026". */
export function formatDay(isoDate: string): string {
  const date = calendarDay(isoDate);
  return date ? dayFormat('UTC').format(date) : isoDate;
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
