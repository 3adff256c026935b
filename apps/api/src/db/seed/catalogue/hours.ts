import { WEEKDAYS, type OpeningPeriod, type Weekday, type WeeklyHours } from '@portal/contract';
import type { Random } from '../../../platform/seeded-random';

const ALL_DAY: OpeningPeriod[] = [{ open: '00:00', close: '24:00' }];

function everyDay(periods: (day: Weekday) => OpeningPeriod[]): WeeklyHours {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, periods(d)])) as WeeklyHours;
}

const isWeekend = (day: Weekday) => day === 'sat' || day === 'sun';

/** "05:00" shifted by whole half hours, kept within the day. */
function shift(time: string, halfHours: number): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const minutes = Math.min(23 * 60 + 30, Math.max(0, h * 60 + m + halfHours * 30));
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export interface HoursStyle {
  /** Chance of being open around the clock. */
  allDay: number;
  opens: readonly string[];
  closes: readonly string[];
  /** Chance of being closed on one day of the week. */
  closedDay: number;
  /** Chance of closing for a break in the middle of weekdays. */
  split: number;
}

/**
 * Weekly hours in local time: around the clock, a daily span (a little later at weekends),
 * sometimes with a midday break, sometimes closed on one day. No period crosses midnight.
 */
export function weeklyHours(r: Random, style: HoursStyle): WeeklyHours {
  if (r.chance(style.allDay)) return everyDay(() => ALL_DAY);
  const open = r.pick(style.opens);
  const close = r.pick(style.closes);
  const weekendLater = r.chance(0.4) ? 1 : 0;
  const split = r.chance(style.split);
  const closedOn = r.chance(style.closedDay) ? r.pick(['sun', 'sat', 'tue'] as const) : null;
  return everyDay((day) => {
    if (day === closedOn) return [];
    const dayOpen = isWeekend(day) ? shift(open, weekendLater) : open;
    if (split && !isWeekend(day)) {
      return [
        { open: dayOpen, close: '13:00' },
        { open: '15:00', close },
      ];
    }
    return [{ open: dayOpen, close }];
  });
}

export const LOUNGE_HOURS: HoursStyle = {
  allDay: 0.12,
  opens: ['04:00', '04:30', '05:00', '05:30', '06:00'],
  closes: ['20:30', '21:00', '21:30', '22:00', '22:30', '23:00'],
  closedDay: 0.08,
  split: 0.05,
};

export const HUB_LOUNGE_HOURS: HoursStyle = { ...LOUNGE_HOURS, allDay: 0.25 };

export const DINING_HOURS: HoursStyle = {
  allDay: 0.05,
  opens: ['05:00', '05:30', '06:00', '07:00'],
  closes: ['20:00', '21:00', '22:00'],
  closedDay: 0.05,
  split: 0.05,
};

export const SPA_HOURS: HoursStyle = {
  allDay: 0,
  opens: ['06:00', '07:00', '08:00'],
  closes: ['18:00', '19:00', '20:00', '21:00'],
  closedDay: 0.2,
  split: 0,
};

export const FAST_TRACK_HOURS: HoursStyle = {
  allDay: 0.3,
  opens: ['03:30', '04:00', '04:30', '05:00'],
  closes: ['20:00', '21:00', '22:00'],
  closedDay: 0,
  split: 0,
};
