import { WEEKDAYS, type Weekday } from '@portal/contract';

/** A moment as a clock on the airport's wall shows it. */
export interface LocalMoment {
  weekday: Weekday;
  /** "HH:MM", 24-hour. */
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The local weekday and time at `instant` in an IANA time zone. */
export function localMoment(instant: Date, timeZone: string): LocalMoment {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const weekday = part('weekday').toLowerCase().slice(0, 3);
  if (!(WEEKDAYS as readonly string[]).includes(weekday))
    throw new Error(`unexpected weekday "${weekday}" for ${timeZone}`);
  return { weekday: weekday as Weekday, time: `${part('hour')}:${part('minute')}` };
}
