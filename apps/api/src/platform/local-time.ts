import { WEEKDAYS, type Weekday } from '@portal/contract';

/** A moment as the airport's wall calendar and clock show it. */
export interface LocalDateTime {
  weekday: Weekday;
  /** "YYYY-MM-DD". */
  date: string;
  /** "HH:MM", 24-hour. */
  time: string;
}

/** The weekday and time only, as opening hours need them. */
export type LocalMoment = Pick<LocalDateTime, 'weekday' | 'time'>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The local weekday, date and time at `instant` in an IANA time zone. */
export function localDateTime(instant: Date, timeZone: string): LocalDateTime {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const weekday = part('weekday').toLowerCase().slice(0, 3);
  if (!(WEEKDAYS as readonly string[]).includes(weekday))
    throw new Error(`unexpected weekday "${weekday}" for ${timeZone}`);
  return {
    weekday: weekday as Weekday,
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** The local weekday and time at `instant` (opening hours). */
export function localMoment(instant: Date, timeZone: string): LocalMoment {
  const { weekday, time } = localDateTime(instant, timeZone);
  return { weekday, time };
}

const dayText = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/**
 * A calendar day ("2026-12-10") as the pages write it, "Thu 10 Dec 2026", for emails: the
 * day as given (the airport's own), never converted. Put together from its parts, so no ICU
 * version's commas come in.
 */
export function visitDayText(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const parts = dayText.formatToParts(new Date(Date.UTC(year, month - 1, day)));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}
