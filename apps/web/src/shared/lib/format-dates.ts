const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** A calendar day ("2026-12-01") as a date at UTC midnight, so no time zone shifts it. */
const calendarDay = (isoDate: string): Date | undefined => {
  const match = ISO_DAY.exec(isoDate);
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
};

const weekdayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-12-01" -> "Tue 1 Dec 2026": the day as given (the airport's own), never converted. */
export function formatVisitDay(isoDate: string): string {
  const date = calendarDay(isoDate);
  if (!date) return isoDate;
  return weekdayFormat
    .formatToParts(date)
    .filter((part) => part.type !== 'literal')
    .map((part) => part.value)
    .join(' ');
}

/** "2026-12-08" -> "8 Dec 2026". */
export function formatDay(isoDate: string): string {
  const date = calendarDay(isoDate);
  return date ? dayFormat.format(date) : isoDate;
}

/** An instant ("2026-11-03T09:12:00Z") as its day in the given zone (the airport's). */
export function formatInstantDay(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone,
    }).format(date);
  } catch {
    return dayFormat.format(date);
  }
}
