import { describe, expect, it } from 'vitest';
import { newBookingReference } from '../booking-reference';
import { localDateTime } from '../../../platform/local-time';
import { maskMembershipNumber } from '../membership-mask';
import { formatMoney } from '../money';
import { cancellationTerms, refundOnCancel } from '../refund-rule';
import { addWorkingDays } from '../working-days';

const HOUR_MS = 60 * 60 * 1000;
const now = new Date('2026-01-15T10:00:00Z'); // a Thursday
const hoursAhead = (h: number) => new Date(now.getTime() + h * HOUR_MS);

describe('addWorkingDays', () => {
  it('skips Saturdays and Sundays, keeping the time of day', () => {
    // Thursday + 5 working days: Fri, Mon, Tue, Wed, Thu.
    expect(addWorkingDays(now, 5).toISOString()).toBe('2026-01-22T10:00:00.000Z');
    // Monday + 5: the next Monday.
    expect(addWorkingDays(new Date('2026-01-12T08:30:00Z'), 5).toISOString()).toBe(
      '2026-01-19T08:30:00.000Z',
    );
    // Friday + 1: Monday.
    expect(addWorkingDays(new Date('2026-01-16T23:00:00Z'), 1).toISOString()).toBe(
      '2026-01-19T23:00:00.000Z',
    );
  });

  it('counts from a weekend as from the Friday before it', () => {
    expect(addWorkingDays(new Date('2026-01-17T12:00:00Z'), 5).toISOString()).toBe(
      '2026-01-23T12:00:00.000Z',
    );
    expect(addWorkingDays(new Date('2026-01-18T12:00:00Z'), 1).toISOString()).toBe(
      '2026-01-19T12:00:00.000Z',
    );
  });

  it('adds nothing for zero days', () => {
    expect(addWorkingDays(now, 0)).toEqual(now);
  });
});

describe('cancellationTerms', () => {
  it('allows cancelling a booked visit still ahead, refundable from 48 hours ahead', () => {
    expect(cancellationTerms({ status: 'booked', visitAt: hoursAhead(48) }, now, 48)).toEqual({
      allowed: true,
      refundable: true,
    });
    expect(
      cancellationTerms(
        { status: 'booked', visitAt: new Date(hoursAhead(48).getTime() - 1) },
        now,
        48,
      ),
    ).toEqual({ allowed: true, refundable: false });
    expect(cancellationTerms({ status: 'booked', visitAt: hoursAhead(1) }, now, 48)).toEqual({
      allowed: true,
      refundable: false,
    });
  });

  it('allows nothing once the visit has come or the booking is cancelled', () => {
    expect(cancellationTerms({ status: 'booked', visitAt: now }, now, 48)).toEqual({
      allowed: false,
      refundable: false,
    });
    expect(cancellationTerms({ status: 'cancelled', visitAt: hoursAhead(100) }, now, 48)).toEqual({
      allowed: false,
      refundable: false,
    });
  });

  it('follows the configured notice', () => {
    expect(
      cancellationTerms({ status: 'booked', visitAt: hoursAhead(30) }, now, 24).refundable,
    ).toBe(true);
  });
});

describe('refundOnCancel', () => {
  it('refunds the card in 5 working days and returns the passes at 48 hours or more', () => {
    expect(
      refundOnCancel({ visitAt: hoursAhead(48), amount: 6000, passesUsed: 2 }, now, 48),
    ).toEqual({
      refundState: 'pending',
      refundAmount: 6000,
      refundDueAt: new Date('2026-01-22T10:00:00Z'),
      passesReturned: 2,
    });
  });

  it('returns passes only when nothing was paid by card', () => {
    expect(refundOnCancel({ visitAt: hoursAhead(200), amount: 0, passesUsed: 1 }, now, 48)).toEqual(
      {
        refundState: 'none',
        refundAmount: 0,
        refundDueAt: null,
        passesReturned: 1,
      },
    );
  });

  it('gives nothing back under 48 hours', () => {
    expect(
      refundOnCancel({ visitAt: hoursAhead(47), amount: 6000, passesUsed: 2 }, now, 48),
    ).toEqual({
      refundState: 'none',
      refundAmount: 0,
      refundDueAt: null,
      passesReturned: 0,
    });
  });
});

describe('maskMembershipNumber', () => {
  it('hides all but the last 4 digits, in groups of four', () => {
    expect(maskMembershipNumber('9000000000000009')).toBe('•••• •••• •••• 0009');
    expect(maskMembershipNumber('1234 5678 9012 3456')).toBe('•••• •••• •••• 3456');
    expect(maskMembershipNumber('123')).toBe('123');
  });
});

describe('localDateTime', () => {
  it("shows an instant in the airport's own zone", () => {
    const instant = new Date('2026-07-01T23:30:00Z');
    expect(localDateTime(instant, 'Europe/London')).toEqual({
      weekday: 'thu',
      date: '2026-07-02',
      time: '00:30',
    });
    expect(localDateTime(instant, 'America/New_York')).toEqual({
      weekday: 'wed',
      date: '2026-07-01',
      time: '19:30',
    });
    expect(localDateTime(new Date('2026-01-15T00:05:00Z'), 'UTC')).toEqual({
      weekday: 'thu',
      date: '2026-01-15',
      time: '00:05',
    });
  });
});

describe('newBookingReference', () => {
  it('makes LB or FT and 8 unambiguous characters', () => {
    expect(newBookingReference('lounge')).toMatch(/^LB[A-HJ-NP-Z2-9]{8}$/);
    expect(newBookingReference('fast-track')).toMatch(/^FT[A-HJ-NP-Z2-9]{8}$/);
    const many = new Set(Array.from({ length: 200 }, () => newBookingReference('lounge')));
    expect(many.size).toBe(200);
  });
});

describe('formatMoney', () => {
  it('reads minor units in the currency', () => {
    expect(formatMoney(6000, 'GBP')).toBe('£60.00');
    expect(formatMoney(1500, 'JPY')).toBe('JP¥1,500');
  });
});
