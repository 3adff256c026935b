import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  shownWindow,
  bookingWindow,
  insideWindow,
  localDateAt,
  slotsOfDay,
  zonedInstant,
} from '../slots/slot-times';

const every = (open: string, close: string) =>
  Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open, close }]]),
  ) as Parameters<typeof slotsOfDay>[1];

describe('zonedInstant', () => {
  it('reads a local date and time in the airport zone, summer and winter', () => {
    expect(zonedInstant('2026-07-01', '12:00', 'Europe/London')?.toISOString()).toBe(
      '2026-07-01T11:00:00.000Z',
    );
    expect(zonedInstant('2026-12-01', '12:00', 'Europe/London')?.toISOString()).toBe(
      '2026-12-01T12:00:00.000Z',
    );
    expect(zonedInstant('2026-12-01', '12:00', 'Asia/Dubai')?.toISOString()).toBe(
      '2026-12-01T08:00:00.000Z',
    );
  });

  it('has no instant for a time the clocks skip, and the first of a time that happens twice', () => {
    expect(zonedInstant('2027-03-28', '01:30', 'Europe/London')).toBeUndefined();
    expect(zonedInstant('2026-10-25', '01:30', 'Europe/London')?.toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('refuses what is no date or time', () => {
    expect(zonedInstant('2026-02-30', '12:00', 'Europe/London')).toBeUndefined();
    expect(zonedInstant('2026-12-01', '24:00', 'Europe/London')).toBeUndefined();
    expect(zonedInstant('01/12/2026', '12:00', 'Europe/London')).toBeUndefined();
  });
});

describe('slotsOfDay', () => {
  it('cuts the hours into slots that end by closing', () => {
    const slots = slotsOfDay('2026-12-01', every('05:00', '07:00'), 30, 'Europe/London');
    expect(slots.map((s) => s.time)).toEqual(['05:00', '05:30', '06:00', '06:30']);
    expect(slots[0]?.startsAt.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(slotsOfDay('2026-12-01', every('05:00', '06:50'), 60, 'UTC').map((s) => s.time)).toEqual(
      ['05:00'],
    );
  });

  it('leaves out the slots the spring change skips, and keeps each local time once in autumn', () => {
    const spring = slotsOfDay('2027-03-28', every('00:00', '24:00'), 30, 'Europe/London');
    expect(spring.map((s) => s.time).slice(0, 3)).toEqual(['00:00', '00:30', '02:00']);
    expect(spring).toHaveLength(46);
    const autumn = slotsOfDay('2026-10-25', every('00:00', '24:00'), 60, 'Europe/London');
    expect(autumn.map((s) => s.time).slice(0, 3)).toEqual(['00:00', '01:00', '02:00']);
    expect(autumn).toHaveLength(24);
  });
});

describe('the booking window', () => {
  it('opens 48 hours of elapsed time ahead and closes after the 180th day at the airport', () => {
    const now = new Date('2026-11-25T23:30:00Z');
    const window = bookingWindow(now, 'Asia/Tokyo');
    // 08:30 on the 26th in Tokyo: the 180 days count from the airport's own date.
    expect(localDateAt(now, 'Asia/Tokyo')).toBe('2026-11-26');
    expect(window).toEqual({
      earliest: new Date('2026-11-27T23:30:00Z'),
      firstDate: '2026-11-28',
      lastDate: '2027-05-25',
    });
    expect(insideWindow(window, '2026-11-28', new Date('2026-11-27T23:30:00Z'))).toBe(true);
    expect(insideWindow(window, '2026-11-28', new Date('2026-11-27T23:29:00Z'))).toBe(false);
    expect(insideWindow(window, '2027-05-25', new Date('2027-05-25T01:00:00Z'))).toBe(true);
    expect(insideWindow(window, '2027-05-26', new Date('2027-05-26T01:00:00Z'))).toBe(false);
  });

  it('is shown with its earliest instant rounded up to the whole minute, its dates as they are', () => {
    const at = (now: string) => shownWindow(new Date(now), 'Asia/Tokyo');
    expect(at('2026-11-25T23:29:00.001Z')).toEqual({
      earliest: new Date('2026-11-27T23:30:00Z'),
      firstDate: '2026-11-28',
      lastDate: '2027-05-25',
    });
    expect(at('2026-11-25T23:30:00Z').earliest).toEqual(new Date('2026-11-27T23:30:00Z'));
    expect(at('2026-11-25T23:30:00.001Z').earliest).toEqual(new Date('2026-11-27T23:31:00Z'));
    // The dates are the exact window's: 14:59:30 UTC is 23:59:30 in Tokyo, still the 25th there.
    const late = new Date('2026-11-25T14:59:30Z');
    const { earliest, ...dates } = shownWindow(late, 'Asia/Tokyo');
    expect(earliest).toEqual(new Date('2026-11-27T15:00:00Z'));
    expect(dates).toEqual({ firstDate: '2026-11-27', lastDate: '2027-05-24' });
    expect(dates.firstDate).toBe(bookingWindow(late, 'Asia/Tokyo').firstDate);
  });
});

describe('localDateAt, worked out once per zone and quarter hour (issue 23)', () => {
  it("is Temporal's own answer at every instant around midnights and the clocks' changes", () => {
    const zones: [string, string[]][] = [
      ['Europe/London', ['2026-03-29', '2026-10-25']],
      ['Asia/Kathmandu', ['2026-06-01']], // +05:45
      ['Australia/Eucla', ['2026-06-01']], // +08:45
      ['Pacific/Chatham', ['2026-04-05', '2026-09-27']], // +12:45 / +13:45
      ['Australia/Lord_Howe', ['2026-04-05', '2026-10-04']], // half an hour of summer time
      ['America/St_Johns', ['2026-03-08', '2026-11-01', '2010-03-14']], // changed at 00:01 then
      ['Africa/Monrovia', ['1971-06-01']], // -00:44:30 until 1972
    ];
    let checked = 0;
    for (const [zone, days] of zones)
      for (const day of days) {
        const from = new Date(`${day}T00:00:00Z`).getTime() - 36 * 3_600_000;
        // Every 7 minutes and 13 seconds for three days: never the same place in a quarter hour.
        for (let t = from; t < from + 72 * 3_600_000; t += 433_000) {
          const direct = Temporal.Instant.fromEpochMilliseconds(t)
            .toZonedDateTimeISO(zone)
            .toPlainDate()
            .toString();
          expect(localDateAt(new Date(t), zone), `${zone} at ${new Date(t).toISOString()}`).toBe(
            direct,
          );
          checked += 1;
        }
      }
    expect(checked).toBeGreaterThan(5000);
  });
});
