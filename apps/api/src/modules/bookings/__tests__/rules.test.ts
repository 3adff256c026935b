import { describe, expect, it } from 'vitest';
import { newBookingReference } from '../booking-reference';
import { localDateTime } from '../../../platform/local-time';
import { maskMembershipNumber } from '../../../members/membership-number';
import { formatMoney } from '../../../platform/money';
import { cancellationTerms, refundOnCancel } from '../refund-rule';
import { addWorkingDays } from '../../../platform/working-days';

const HOUR_MS = 60 * 60 * 1000;
const now = new Date('2026-01-15T10:00:00Z'); // a Thursday
const hoursAhead = (h: number) => new Date(now.getTime() + h * HOUR_MS);

describe('addWorkingDays', () => {
  it('skips Saturdays and Sundays, keeping the time of day', () => {
    // Thursday + 5 working days: Fri, Mon, Tue, Wed, Thu.
    expect(addWorkingDays(now, 5, 'UTC').toISOString()).toBe('2026-01-22T10:00:00.000Z');
    // Monday + 5: the next Monday.
    expect(addWorkingDays(new Date('2026-01-12T08:30:00Z'), 5, 'UTC').toISOString()).toBe(
      '2026-01-19T08:30:00.000Z',
    );
    // Friday + 1: Monday.
    expect(addWorkingDays(new Date('2026-01-16T23:00:00Z'), 1, 'UTC').toISOString()).toBe(
      '2026-01-19T23:00:00.000Z',
    );
  });

  it('counts from a weekend as from the Friday before it', () => {
    expect(addWorkingDays(new Date('2026-01-17T12:00:00Z'), 5, 'UTC').toISOString()).toBe(
      '2026-01-23T12:00:00.000Z',
    );
    expect(addWorkingDays(new Date('2026-01-18T12:00:00Z'), 1, 'UTC').toISOString()).toBe(
      '2026-01-19T12:00:00.000Z',
    );
  });

  it('adds nothing for zero days', () => {
    expect(addWorkingDays(now, 0, 'UTC')).toEqual(now);
  });

  it("counts on the airport's calendar, not UTC's", () => {
    const due = (from: string, zone: string, days = 5) =>
      addWorkingDays(new Date(from), days, zone).toISOString();
    // Friday 22:00 in New York is Saturday 03:00 UTC: reckoned from Friday.
    expect(due('2026-01-17T03:00:00Z', 'America/New_York')).toBe('2026-01-23T03:00:00.000Z');
    expect(due('2026-01-17T03:00:00Z', 'America/New_York', 1)).toBe('2026-01-19T03:00:00.000Z');
    // Thursday 21:00 in New York (Friday in UTC): Thursday + 5 is the next Thursday.
    expect(due('2026-01-16T02:00:00Z', 'America/New_York')).toBe('2026-01-22T02:00:00.000Z');
    expect(due('2026-01-16T02:00:00Z', 'UTC')).toBe('2026-01-23T02:00:00.000Z');
    // Sunday 20:00 in New York (Monday in UTC): counted from the weekend, due on Friday.
    expect(due('2026-01-19T01:00:00Z', 'America/New_York')).toBe('2026-01-23T01:00:00.000Z');
    expect(due('2026-01-19T01:00:00Z', 'UTC')).toBe('2026-01-26T01:00:00.000Z');
    // Monday 01:00 in Tokyo (Sunday in UTC): Monday + 5 is the next Monday.
    expect(due('2026-01-18T16:00:00Z', 'Asia/Tokyo')).toBe('2026-01-26T16:00:00.000Z');
    expect(due('2026-01-18T16:00:00Z', 'UTC')).toBe('2026-01-23T16:00:00.000Z');
  });

  it('gives a moment whose UTC date is the local due date', () => {
    // Monday 00:30 in Auckland (UTC+13) is still Sunday 11:30 in UTC.
    const due = addWorkingDays(new Date('2026-01-18T11:30:00Z'), 1, 'Pacific/Auckland');
    // Monday + 1 working day: Tuesday 20 January (UTC's Sunday would give Monday).
    expect(due.toISOString()).toBe('2026-01-20T11:30:00.000Z');
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
      refundOnCancel({ visitAt: hoursAhead(48), amount: 6000, passesUsed: 2 }, now, 48, 'UTC'),
    ).toEqual({
      refundState: 'pending',
      refundAmount: 6000,
      refundDueAt: new Date('2026-01-22T10:00:00Z'),
      passesReturned: 2,
    });
  });

  it("dates the refund by the airport's calendar", () => {
    // Thursday 15 January, 21:00 in New York (Friday 02:00 UTC), a week ahead of the visit.
    const lateThursday = new Date('2026-01-16T02:00:00Z');
    const outcome = refundOnCancel(
      { visitAt: new Date('2026-01-23T02:00:00Z'), amount: 4500, passesUsed: 0 },
      lateThursday,
      48,
      'America/New_York',
    );
    expect(outcome.refundDueAt?.toISOString().slice(0, 10)).toBe('2026-01-22');
  });

  it('returns passes only when nothing was paid by card', () => {
    expect(
      refundOnCancel({ visitAt: hoursAhead(200), amount: 0, passesUsed: 1 }, now, 48, 'UTC'),
    ).toEqual({
      refundState: 'none',
      refundAmount: 0,
      refundDueAt: null,
      passesReturned: 1,
    });
  });

  it('gives nothing back under 48 hours', () => {
    expect(
      refundOnCancel({ visitAt: hoursAhead(47), amount: 6000, passesUsed: 2 }, now, 48, 'UTC'),
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
