import { describe, expect, it } from 'vitest';
import { localMoment } from '../../../platform/local-time';
import { hoursText, isOpenAt } from '../opening-hours';
import { every } from '../../../../test/catalogue-fixtures';

describe('localMoment', () => {
  it('gives the weekday and 24-hour time on the airport wall', () => {
    const instant = new Date('2026-01-15T23:30:00Z');
    expect(localMoment(instant, 'Europe/London')).toEqual({ weekday: 'thu', time: '23:30' });
    expect(localMoment(instant, 'Asia/Dubai')).toEqual({ weekday: 'fri', time: '03:30' });
    expect(localMoment(instant, 'America/New_York')).toEqual({ weekday: 'thu', time: '18:30' });
    expect(localMoment(new Date('2026-01-15T00:05:00Z'), 'UTC')).toEqual({
      weekday: 'thu',
      time: '00:05',
    });
  });

  it('follows summer time, into the next day', () => {
    // Wednesday 23:30 UTC is already Thursday 00:30 in London in July (BST).
    expect(localMoment(new Date('2026-07-15T23:30:00Z'), 'Europe/London')).toEqual({
      weekday: 'thu',
      time: '00:30',
    });
  });
});

describe('opening hours', () => {
  const hours = {
    ...every([{ open: '05:00', close: '22:00' }]),
    sun: [],
    sat: [
      { open: '05:00', close: '13:00' },
      { open: '15:00', close: '24:00' },
    ],
  };

  it('are open from the opening minute up to, not at, closing time', () => {
    expect(isOpenAt(hours, { weekday: 'mon', time: '04:59' })).toBe(false);
    expect(isOpenAt(hours, { weekday: 'mon', time: '05:00' })).toBe(true);
    expect(isOpenAt(hours, { weekday: 'mon', time: '21:59' })).toBe(true);
    expect(isOpenAt(hours, { weekday: 'mon', time: '22:00' })).toBe(false);
    expect(isOpenAt(hours, { weekday: 'sat', time: '14:00' })).toBe(false);
    expect(isOpenAt(hours, { weekday: 'sat', time: '23:59' })).toBe(true);
    expect(isOpenAt(hours, { weekday: 'sun', time: '12:00' })).toBe(false);
  });

  it("read as today's hours", () => {
    expect(hoursText(hours.mon)).toBe('05:00–22:00');
    expect(hoursText(hours.sat)).toBe('05:00–13:00, 15:00–24:00');
    expect(hoursText(hours.sun)).toBe('Closed today');
    expect(hoursText([{ open: '00:00', close: '24:00' }])).toBe('Open 24 hours');
  });
});
