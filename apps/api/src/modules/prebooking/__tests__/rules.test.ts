import type { Slot } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { bookingWindow } from '../../../platform/slots';
import { lanePassengers } from '../lane-rules';
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

describe('lanePassengers: the airport child rule, age bands and the lane cap', () => {
  const family = [
    { name: 'Ann Lee', ageBand: 'adult' as const },
    { name: 'Bo Lee', ageBand: 'child' as const },
    { name: 'Cy Lee', ageBand: 'youth' as const },
    { name: 'Di Lee', ageBand: 'child' as const },
  ];

  it("'counted': every passenger takes a place and pays", () => {
    expect(
      lanePassengers(family, { childRule: 'counted', ageBandsAsked: false, maxPassengers: 9 }),
    ).toEqual({ companions: ['Bo Lee', 'Cy Lee', 'Di Lee'], freeChildren: [], bands: null });
  });

  it("'free-with-adult': children go free with an adult and take no place", () => {
    expect(
      lanePassengers(family, {
        childRule: 'free-with-adult',
        ageBandsAsked: true,
        maxPassengers: 2,
      }),
    ).toEqual({
      companions: ['Cy Lee'],
      freeChildren: ['Bo Lee', 'Di Lee'],
      bands: ['adult', 'youth', 'child', 'child'],
    });
    // Children alone go free with nobody: each takes a place.
    const alone = [
      { name: 'Bo Lee', ageBand: 'child' as const },
      { name: 'Di Lee', ageBand: 'child' as const },
    ];
    expect(
      lanePassengers(alone, {
        childRule: 'free-with-adult',
        ageBandsAsked: true,
        maxPassengers: 9,
      }),
    ).toMatchObject({ companions: ['Di Lee'], freeChildren: [] });
  });

  it('refuses a missing age band where the airport asks them, and more places than the cap', () => {
    expect(
      lanePassengers([{ name: 'Ann Lee' }, { name: 'Bo Lee', ageBand: 'child' }], {
        childRule: 'counted',
        ageBandsAsked: true,
        maxPassengers: 9,
      }),
    ).toEqual({ refused: 'bands-missing', at: [0] });
    expect(
      lanePassengers(family, { childRule: 'counted', ageBandsAsked: false, maxPassengers: 3 }),
    ).toEqual({ refused: 'too-many' });
    // The cap counts places: free children do not.
    expect(
      lanePassengers(family, {
        childRule: 'free-with-adult',
        ageBandsAsked: false,
        maxPassengers: 2,
      }),
    ).toMatchObject({ companions: ['Cy Lee'] });
  });
});
