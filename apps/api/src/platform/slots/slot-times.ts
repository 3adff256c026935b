import {
  BOOKING_MAX_DAYS_AHEAD,
  BOOKING_MIN_AHEAD_MS,
  WEEKDAYS,
  type OpeningPeriod,
  type WeeklyHours,
} from '@portal/contract';
import { Temporal } from 'temporal-polyfill';

/*
 * Airport-zone reckoning for bookable slots (DESIGN §6 "local time"): every local date and time
 * goes through Temporal with the airport's IANA zone, never through hand-written offsets, so
 * slots, the 48 h / 180 d window and the booking day are right across daylight-saving changes.
 */

/** One slot of a day: its local start and the UTC instant it is. */
export interface SlotTime {
  /** "HH:MM" at the airport. */
  time: string;
  startsAt: Date;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmmOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Monday is 1 in Temporal; WEEKDAYS starts with Monday too. */
const weekdayOf = (date: Temporal.PlainDate) => WEEKDAYS[date.dayOfWeek - 1]!;

/** A "YYYY-MM-DD" as a calendar date, or undefined for anything else (2026-02-30 included). */
export function plainDate(date: string): Temporal.PlainDate | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  try {
    return Temporal.PlainDate.from(date, { overflow: 'reject' });
  } catch {
    return undefined;
  }
}

/**
 * The instant a local date and time is at the airport. A time the clocks skip (spring forward)
 * is no instant: undefined. A time that happens twice (fall back) is its first occurrence.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date | undefined {
  const day = plainDate(date);
  if (!day || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return undefined;
  const wall = day.toPlainDateTime(Temporal.PlainTime.from(time));
  // 'earlier' answers a skipped time with a shifted one: a wall clock that differs is a gap.
  const zoned = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  return zoned.toPlainDateTime().equals(wall) ? new Date(zoned.epochMilliseconds) : undefined;
}

/**
 * A zone's date is the same through a quarter hour of UTC unless its midnight or a change of its
 * clocks falls inside it, which none does today (every offset in use is a whole number of
 * quarter hours, and changes happen on quarter hours). The date is worked out once per zone and
 * quarter hour (issue 23: it was a slot grid's largest cost) where its start and end agree; a
 * quarter hour where they do not (a zone's history) is worked out at each instant.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const localDates = new Map<string, string | null>();
const LOCAL_DATES_KEPT = 10_000;

const dateIn = (epochMs: number, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(epochMs)
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toString();

/** The airport's calendar date at `instant`, "YYYY-MM-DD". */
export function localDateAt(instant: Date, timeZone: string): string {
  const quarter = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
  const key = `${timeZone}|${quarter}`;
  let known = localDates.get(key);
  if (known === undefined) {
    const first = dateIn(quarter * QUARTER_HOUR_MS, timeZone);
    known = dateIn((quarter + 1) * QUARTER_HOUR_MS - 1, timeZone) === first ? first : null;
    if (localDates.size >= LOCAL_DATES_KEPT) localDates.clear();
    localDates.set(key, known);
  }
  return known ?? dateIn(instant.getTime(), timeZone);
}

/** The date `days` after a "YYYY-MM-DD" date, worked out once per date. */
const laterDates = new Map<string, string>();
function daysAfter(date: string, days: number): string {
  const key = `${date}|${days}`;
  const known = laterDates.get(key);
  if (known !== undefined) return known;
  const later = plainDate(date)!.add({ days }).toString();
  if (laterDates.size >= LOCAL_DATES_KEPT) laterDates.clear();
  laterDates.set(key, later);
  return later;
}

/** The slot starts of an opening period: every `slotMinutes` from opening, each ending by close. */
function periodStarts(period: OpeningPeriod, slotMinutes: number): string[] {
  const open = minutesOf(period.open);
  const close = period.close === '24:00' ? 24 * 60 : minutesOf(period.close);
  const starts: string[] = [];
  for (let start = open; start + slotMinutes <= close; start += slotMinutes) {
    starts.push(hhmmOf(start));
  }
  return starts;
}

/**
 * The slots of a local date at a product: its opening periods for that weekday cut into
 * `slotMinutes`, each as its local time and instant. Times the clocks skip that night are left
 * out; an invalid date has none.
 */
export function slotsOfDay(
  date: string,
  hours: WeeklyHours,
  slotMinutes: number,
  timeZone: string,
): SlotTime[] {
  const day = plainDate(date);
  if (!day) return [];
  const times = new Set(hours[weekdayOf(day)].flatMap((p) => periodStarts(p, slotMinutes)));
  const slots: SlotTime[] = [];
  for (const time of [...times].sort()) {
    const startsAt = zonedInstant(date, time, timeZone);
    if (startsAt) slots.push({ time, startsAt });
  }
  return slots;
}

/** The dates a booking may be for, at the airport, seen at `now`. */
export interface BookingWindow {
  /** The first instant a visit may start: `BOOKING_MIN_AHEAD_MS` (48 h) of elapsed time ahead. */
  earliest: Date;
  /** Local dates: the day of `earliest`, and today plus `BOOKING_MAX_DAYS_AHEAD` (180) days. */
  firstDate: string;
  lastDate: string;
}

export function bookingWindow(now: Date, timeZone: string): BookingWindow {
  const earliest = new Date(now.getTime() + BOOKING_MIN_AHEAD_MS);
  return {
    earliest,
    firstDate: localDateAt(earliest, timeZone),
    lastDate: daysAfter(localDateAt(now, timeZone), BOOKING_MAX_DAYS_AHEAD),
  };
}

/**
 * The window as the booking pages show it: `earliest` rounded up to the whole minute. Slots
 * start on whole minutes, so no slot's state differs from the exact window's (a slot starting
 * off the minute would at most show as too soon a minute early: the hold decides by the exact
 * one), and what is made from it stays the same all minute (the slot grid answers are kept so).
 */
export function shownWindow(now: Date, timeZone: string): BookingWindow {
  const window = bookingWindow(now, timeZone);
  const minutes = Math.ceil(window.earliest.getTime() / 60_000);
  return { ...window, earliest: new Date(minutes * 60_000) };
}

/** Whether a visit at `startsAt` on local `date` is inside the window. */
export function insideWindow(window: BookingWindow, date: string, startsAt: Date): boolean {
  return startsAt.getTime() >= window.earliest.getTime() && date <= window.lastDate;
}
