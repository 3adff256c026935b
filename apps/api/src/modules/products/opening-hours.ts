import type { OpeningPeriod, WeeklyHours } from '@portal/contract';
import type { LocalMoment } from '../../platform/local-time';

/** Open from `open` up to, not including, `close`; "24:00" closes at midnight. */
export function isOpenAt(hours: WeeklyHours, moment: LocalMoment): boolean {
  return hours[moment.weekday].some((p) => p.open <= moment.time && moment.time < p.close);
}

const isAllDay = (periods: readonly OpeningPeriod[]) =>
  periods.length === 1 && periods[0]?.open === '00:00' && periods[0].close === '24:00';

/** "05:00–22:00", "Open 24 hours", "Closed today", or two periods joined with ", ". */
export function hoursText(periods: readonly OpeningPeriod[]): string {
  if (periods.length === 0) return 'Closed today';
  if (isAllDay(periods)) return 'Open 24 hours';
  return periods.map((p) => `${p.open}–${p.close}`).join(', ');
}
