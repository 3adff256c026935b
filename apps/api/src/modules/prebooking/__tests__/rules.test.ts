import type { Slot } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { bookingWindow } from '../../../platform/slots';
import { byNearness, priceBooking, slotState } from '../lounge-rules';

const GBP = { amount: 3500, currency: 'GBP' };

describe('passes then fees', () => {
  it('spends a pass per passenger while they last; the rest pay the guest price', () => {
    expect(
      priceBooking({ places: 3, infants: 1, passesLeft: 1, passesOnly: false, guestPrice: GBP }),
    ).toEqual({
      passengers: 3,
      infants: 1,
      passesUsed: 1,
      paidPassengers: 2,
      unitPrice: GBP,
      total: { amount: 7000, currency: 'GBP' },
    });
    expect(
      priceBooking({ places: 2, infants: 0, passesLeft: 5, passesOnly: true, guestPrice: GBP }),
    ).toMatchObject({ passesUsed: 2, paidPassengers: 0, total: { amount: 0 } });
  });

  it("answers 'no-passes' for passes only that do not cover everyone, or no price to pay", () => {
    expect(
      priceBooking({ places: 2, infants: 0, passesLeft: 1, passesOnly: true, guestPrice: GBP }),
    ).toBe('no-passes');
    expect(
      priceBooking({ places: 1, infants: 0, passesLeft: 0, passesOnly: false, guestPrice: null }),
    ).toBe('no-passes');
  });
});

describe('slotState', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const window = bookingWindow(now, 'Europe/London');
  const slot = (iso: string) => ({ time: iso.slice(11, 16), startsAt: new Date(iso) });
  it('tells open, full, too soon and too late apart', () => {
    const state = (iso: string, taken: number, places = 1) =>
      slotState(slot(iso), iso.slice(0, 10), { capacity: 4, taken }, places, window).state;
    expect(state('2026-11-27T10:00:00Z', 3)).toBe('open');
    expect(state('2026-11-27T10:00:00Z', 3, 2)).toBe('full');
    expect(state('2026-11-27T09:30:00Z', 0)).toBe('too-soon');
    expect(state('2027-05-25T10:00:00Z', 0)).toBe('too-late');
  });
});

describe('byNearness', () => {
  it('orders slots by distance from the time asked, earlier first on a tie', () => {
    const slots = ['08:00', '09:30', '10:00', '11:00', '10:30'].map((time) => ({ time }) as Slot);
    expect(slots.sort(byNearness('10:00')).map((s) => s.time)).toEqual([
      '10:00',
      '09:30',
      '10:30',
      '11:00',
      '08:00',
    ]);
  });
});
