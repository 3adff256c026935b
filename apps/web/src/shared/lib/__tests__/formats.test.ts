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
  it('makes the pound’s formatter in a task of its own when asked, once, before any price is shown', async () => {
    vi.useFakeTimers();
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
      vi.runOnlyPendingTimers();
      expect(made).toEqual([]);
      fresh.prepareMoneyFormat();
      fresh.prepareMoneyFormat();
      expect(made).toEqual([]);
      vi.runOnlyPendingTimers();
      expect(made).toEqual([['en-GB', { style: 'currency', currency: 'GBP' }]]);
      expect(fresh.formatMoney({ amount: 250, currency: 'GBP' })).toBe('£2.50');
      expect(made).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
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

  it('writes an instant as its day in the airport’s zone, UTC for a zone it does not know', () => {
    expect(formatInstantDay('2026-11-03T23:30:00Z', 'Asia/Dubai')).toBe('4 Nov 2026');
    expect(formatInstantDay('2026-11-03T23:30:00Z', 'Europe/London')).toBe('3 Nov 2026');
    expect(formatInstantDay('2026-11-03T23:30:00Z', 'Not/AZone')).toBe('3 Nov 2026');
    expect(formatInstantDay('garbage', 'Europe/London')).toBe('garbage');
  });
});
