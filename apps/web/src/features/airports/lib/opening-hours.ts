import { WEEKDAYS, type OpeningPeriod, type Weekday } from '@portal/contract';

export type DayHours =
  { kind: 'closed' } | { kind: 'allDay' } | { kind: 'periods'; periods: readonly OpeningPeriod[] };

/** What one weekday's periods mean: closed, open 24 hours, or the periods themselves. */
export function describeDay(periods: readonly OpeningPeriod[]): DayHours {
  if (periods.length === 0) return { kind: 'closed' };
  if (periods.some((p) => p.open === '00:00' && p.close === '24:00')) return { kind: 'allDay' };
  return { kind: 'periods', periods };
}

export const weekdays: readonly Weekday[] = WEEKDAYS;

/** The time zone's long name now, e.g. "British Summer Time"; undefined when unknown. */
export function timeZoneName(timeZone: string, at = new Date()): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'long' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}
