import type { Booking, BookingDetail, BookingTab, UsageEntry } from '@portal/contract';
import { within } from '@testing-library/react';
import { envelope } from '@/testing/mock-api';

/**
 * A booking as the detail calls answer it: with the desk's code while booked (as the server
 * signs it, in shape), none once past or cancelled. The list and cancel calls answer the same
 * fields but `qr`, which their result schemas leave out.
 */
export const booking = (overrides: Partial<BookingDetail> = {}): BookingDetail => {
  const fields: Booking = {
    bookingId: 'LNG4F7K2Q',
    kind: 'lounge',
    tab: 'booked',
    productId: 'LHR-LNG-1',
    productName: 'Skyview Lounge',
    airportCode: 'LHR',
    airportName: 'London Heathrow Airport',
    terminal: 'Terminal 5',
    visitDate: '2026-12-01',
    visitTime: '14:30',
    timeZone: 'Europe/London',
    passengers: 2,
    passengerNames: ['Jane Doe', 'John Doe'],
    paymentCard: 'Visa •••• 4242',
    contactNumber: '+44 7700 900123',
    email: 'jane@example.com',
    flightNumber: 'BA117',
    paid: { amount: 6000, currency: 'GBP' },
    passesUsed: 0,
    bookedAt: '2026-11-03T09:12:00Z',
    cancelledAt: null,
    refund: {
      state: 'none',
      amount: { amount: 0, currency: 'GBP' },
      dueBy: null,
      passesReturned: 0,
    },
    cancellation: { allowed: true, refundable: true, noticeHours: 48 },
    ...overrides,
  };
  const qr = fields.tab === 'booked' ? `BK1.${fields.bookingId}.test-signature` : null;
  return { ...fields, qr, ...overrides };
};

export const fastTrack = (overrides: Partial<BookingDetail> = {}): BookingDetail =>
  booking({
    bookingId: 'FT9A8B7C6',
    kind: 'fast-track',
    productId: 'LHR-FT-1',
    productName: 'Security Fast Track',
    terminal: 'Terminal 3',
    passengers: 1,
    passengerNames: ['Jane Doe'],
    paymentCard: null,
    contactNumber: null,
    paid: { amount: 0, currency: 'GBP' },
    passesUsed: 1,
    ...overrides,
  });

export const counts = { booked: 3, past: 1, cancelled: 0 };

export const bookingPage = (
  tab: BookingTab,
  items: Booking[],
  { total = items.length, page = 1, pageSize = 10 } = {},
) => envelope({ items, total, page, pageSize, tab, counts });

export const visit = (n: number, overrides: Partial<UsageEntry> = {}): UsageEntry => ({
  id: `visit-${n}`,
  date: '2026-10-03',
  time: '08:15',
  kind: 'lounge',
  loungeName: `Skyview Lounge ${n}`,
  airportCode: 'LHR',
  airportName: 'London Heathrow Airport',
  guests: 1,
  passesUsed: 2,
  membershipNumber: '•••• •••• •••• 1234',
  amount: null,
  ...overrides,
});

/** The value a definition list gives a name. */
export function fieldValue(container: HTMLElement, name: string): string {
  const term = within(container).getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}
