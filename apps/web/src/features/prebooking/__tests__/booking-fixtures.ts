import type {
  BookableLounge,
  BookablePlace,
  BookingDetail,
  BookingContact,
  BookingPrice,
  PaymentCard,
  Slot,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { savedCard } from '@/testing/cards';

/** Each test starts and ends with no booking draft in the tab. */
export function withCleanSession(): void {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });
}

/** What a Heathrow lounge and lane share on their booking pages. */
export const heathrow = {
  airportCode: 'LHR',
  airportName: 'London Heathrow Airport',
  timeZone: 'Europe/London',
  window: { firstDate: '2026-11-27', lastDate: '2027-05-24', earliest: '2026-11-27T10:00:00Z' },
} satisfies Partial<BookablePlace>;

/** A slot of 5 December 2026 on the grid. */
export const slot = (time: string, state: Slot['state'], placesLeft = 10): Slot => ({
  time,
  startsAt: `2026-12-05T${time}:00.000Z`,
  capacity: 20,
  placesLeft,
  state,
});

/** The member's contact as the server answers it before it is confirmed. */
export const contact: BookingContact = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  mobileNoPrefix: '44',
  mobileNo: '7400123456',
  confirmed: false,
};

/** The member's default saved card; its security code goes to the provider's cacheCvv. */
export const defaultCard: PaymentCard = savedCard();

/** A price in pounds: `paid` passengers at `unit` pence each, `passes` covered by passes. */
export const priceOf = (paid: number, unit: number, passes = 0, infants = 0): BookingPrice => ({
  passengers: paid + passes,
  infants,
  passesUsed: passes,
  paidPassengers: paid,
  unitPrice: { amount: unit, currency: 'GBP' },
  total: { amount: paid * unit, currency: 'GBP' },
});

/** One of the other times offered in `region` chosen: the grid then has it checked. */
export async function chooseOffered(
  user: UserEvent,
  region: HTMLElement,
  button: string,
  radio: string,
): Promise<void> {
  await user.click(await within(region).findByRole('button', { name: button }));
  await waitFor(() =>
    expect(screen.getByRole<HTMLInputElement>('radio', { name: radio }).checked).toBe(true),
  );
}

/** The member's booked lounge visit at Heathrow, as the booking page reads it (on a pass). */
export const myBooking: BookingDetail = {
  bookingId: 'LBABCDEFGH',
  kind: 'lounge',
  tab: 'booked',
  productId: 'LHR-LNG-1',
  productName: 'Kestrel Lounge',
  airportCode: 'LHR',
  airportName: 'London Heathrow Airport',
  terminal: 'Terminal 3',
  visitDate: '2026-12-05',
  visitTime: '12:00',
  timeZone: 'Europe/London',
  passengers: 1,
  passengerNames: ['Jane Doe'],
  paymentCard: null,
  contactNumber: null,
  email: 'jane@example.com',
  flightNumber: 'BA1234',
  paid: { amount: 0, currency: 'GBP' },
  passesUsed: 1,
  bookedAt: '2026-11-25T10:00:00Z',
  cancelledAt: null,
  refund: {
    state: 'none',
    amount: { amount: 0, currency: 'GBP' },
    dueBy: null,
    passesReturned: 0,
  },
  cancellation: { allowed: true, refundable: true, noticeHours: 48 },
  qr: 'BK1.LBABCDEFGH.test-signature',
};

/** Heathrow's Kestrel Lounge as step 1 reads it: 4 guests at most, £35 a guest. */
export const kestrel: BookableLounge = {
  ...heathrow,
  code: 'LHR-LNG-1',
  name: 'Kestrel Lounge',
  terminal: 'Terminal 3',
  side: 'airside',
  hours: '05:00–22:00',
  conditions: {
    maxStayHours: 3,
    children: 'Children welcome.',
    dressCode: 'Smart casual.',
    guests: 'Each guest pays the guest price.',
  },
  guestPrice: { amount: 3500, currency: 'GBP' },
  maxGuests: 4,
  slotMinutes: 30,
};
