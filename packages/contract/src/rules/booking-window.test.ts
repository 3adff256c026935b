import { describe, expect, it } from 'vitest';
import { bookingVisitSchema, bookingWindowProblem, isWithinBookingWindow } from './booking-window';
import { messagesOf } from './test-helpers';

const NOW = new Date('2025-06-15T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const after = (ms: number) => new Date(NOW.getTime() + ms);

describe('bookingWindowProblem', () => {
  it('47 h 59 min ahead is too soon, 48 h is fine', () => {
    expect(bookingWindowProblem(after(48 * HOUR - MINUTE), NOW)).toBe('too-soon');
    expect(bookingWindowProblem(after(48 * HOUR - 1), NOW)).toBe('too-soon');
    expect(bookingWindowProblem(after(48 * HOUR), NOW)).toBeNull();
  });

  it('180 days ahead is fine, a minute more is too far', () => {
    expect(bookingWindowProblem(after(180 * DAY), NOW)).toBeNull();
    expect(bookingWindowProblem(after(180 * DAY + MINUTE), NOW)).toBe('too-far');
  });

  it('the past is too soon, an invalid date is invalid', () => {
    expect(bookingWindowProblem(after(-DAY), NOW)).toBe('too-soon');
    expect(bookingWindowProblem(new Date('nope'), NOW)).toBe('invalid');
  });
});

describe('isWithinBookingWindow', () => {
  it('is true only inside the window', () => {
    expect(isWithinBookingWindow(after(48 * HOUR - MINUTE), NOW)).toBe(false);
    expect(isWithinBookingWindow(after(48 * HOUR), NOW)).toBe(true);
    expect(isWithinBookingWindow(after(180 * DAY), NOW)).toBe(true);
    expect(isWithinBookingWindow(after(180 * DAY + MINUTE), NOW)).toBe(false);
  });
});

describe('bookingVisitSchema', () => {
  const schema = bookingVisitSchema(() => NOW);

  it('accepts a Date or an ISO string inside the window', () => {
    expect(schema.parse(after(3 * DAY))).toEqual(after(3 * DAY));
    expect(schema.parse('2025-06-17T12:00:00Z')).toEqual(after(48 * HOUR));
  });

  it('answers the message of each problem', () => {
    expect(messagesOf(schema, after(47 * HOUR))).toEqual(['booking-error-too-soon']);
    expect(messagesOf(schema, after(181 * DAY))).toEqual(['booking-error-too-far']);
    expect(messagesOf(schema, 'not a date')).toEqual(['form-date-invalid']);
  });
});
