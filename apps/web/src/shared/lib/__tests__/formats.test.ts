import { describe, expect, it, vi } from 'vitest';
import { formatDay, formatInstantDay, formatVisitDay } from '../format-dates';
import { formatMoney } from '../format-money';
import { keptBy } from '../kept-by';

describe('keptBy', () => {
  it('makes a value at the first call for its key, then gives the same one', () => {
    const make = vi.fn((key: string) => ({ key }));
    const kept = keptBy(make);
    expect(make).not.toHaveBeenCalled();
    const gbp = kept('GBP');
    expect(kept('GBP')).toBe(gbp);
    expect(kept('EUR')).toEqual({ key: 'EUR' });
    expect(make.mock.calls).toEqual([['GBP'], ['EUR']]);
  });

  it('keeps nothing when the making throws', () => {
    const make = vi.fn((key: string) => {
      if (key === 'bad') throw new RangeError('bad key');
      return key;
    });
    const kept = keptBy(make);
    expect(() => kept('bad')).toThrow(RangeError);
    expect(() => kept('bad')).toThrow(RangeError);
    expect(make).toHaveBeenCalledTimes(2);
  });
});

describe('formatMoney', () => {
  it('writes pounds without making a number formatter (it would load the currency data)', async () => {
    // The formatters made, seen through a stand-in for Intl.NumberFormat.
    const made: unknown[][] = [];
    const NumberFormat = new Proxy(Intl.NumberFormat, {
      construct(target, args) {
        made.push(args);
        return Reflect.construct(target, args) as object;
      },
    });
    vi.stubGlobal('Intl', Object.create(Intl, { NumberFormat: { value: NumberFormat } }));
    try {
      vi.resetModules();
      const fresh = await import('../format-money');
      expect(fresh.formatMoney({ amount: 250, currency: 'GBP' })).toBe('£2.50');
      expect(made).toEqual([]);
      expect(fresh.formatMoney({ amount: 250, currency: 'EUR' })).toBe('€2.50');
      expect(made).toEqual([['en-GB', { style: 'currency', currency: 'EUR' }]]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('writes pounds as Intl.NumberFormat would, grouped, signed, to the penny', () => {
    const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456_789];
    for (let i = 0; i < 500; i++) amounts.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))));
    for (const amount of [...amounts, ...amounts.filter((a) => a > 0).map((a) => -a)])
      expect(formatMoney({ amount, currency: 'GBP' })).toBe(intl.format(amount / 100));
    expect(formatMoney({ amount: 123_456_789, currency: 'GBP' })).toBe('£1,234,567.89');
    expect(formatMoney({ amount: -99, currency: 'GBP' })).toBe('-£0.99');
  });

  it('writes minor units in the currency’s own number of digits', () => {
    expect(formatMoney({ amount: 3000, currency: 'GBP' })).toBe('£30.00');
    expect(formatMoney({ amount: 3000, currency: 'GBP' })).toBe('£30.00');
    expect(formatMoney({ amount: 1999, currency: 'EUR' })).toBe('€19.99');
    expect(formatMoney({ amount: 1500, currency: 'JPY' })).toBe('JP¥1,500');
  });
});

describe('the day formats', () => {
  it('writes a calendar day as given, with or without its weekday', () => {
    expect(formatVisitDay('2026-12-01')).toBe('Tue 1 Dec 2026');
    expect(formatDay('2026-12-08')).toBe('8 Dec 2026');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('writes every calendar day as Intl.DateTimeFormat en-GB would, without making one', () => {
    const day = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const weekday = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      // Every day of 2026 to 2028 (a leap year), and days of other centuries.
      const days: Date[] = [];
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000)
        days.push(new Date(t));
      days.push(new Date(Date.UTC(1999, 11, 31)), new Date(Date.UTC(2100, 1, 28)));
      for (const date of days) {
        const iso = date.toISOString().slice(0, 10);
        expect(formatDay(iso)).toBe(day.format(date));
        expect(formatVisitDay(iso)).toBe(
          weekday
            .formatToParts(date)
            .filter((part) => part.type !== 'literal')
            .map((part) => part.value)
            .join(' '),
        );
      }
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('writes an instant as its day in the airport’s zone, UTC for a zone it does not know', () => {
    expect(formatInstantDay('2026-11-03T23:30:00Z', 'Asia/Dubai')).toBe('4 Nov 2026');
    expect(formatInstantDay('2026-11-03T23:30:00Z', 'Europe/London')).toBe('3 Nov 2026');
    expect(formatInstantDay('2026-11-03T23:30:00Z', 'Not/AZone')).toBe('3 Nov 2026');
    expect(formatInstantDay('garbage', 'Europe/London')).toBe('garbage');
  });
});
