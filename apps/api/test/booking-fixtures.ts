import type { calls, PayloadOf } from '@portal/contract';
import type { BookingRecord, BookingRow } from '../src/modules/bookings/booking-view';

/**
 * A booking as the booking pages, PDF and calendar read it: a Gdańsk lounge visit for two Polish
 * passengers paid in złoty, unless the test says otherwise (its row, product or airport).
 */
export function bookingRecord(
  values: Partial<BookingRow> = {},
  place: Partial<Pick<BookingRecord, 'product' | 'airport'>> = {},
): BookingRecord {
  return {
    booking: {
      id: '00000000-0000-4000-8000-000000000001',
      reference: 'LBGDN23456',
      userId: null,
      dpid: null,
      productId: 'GDN-LNG-1',
      kind: 'lounge',
      visitAt: new Date('2026-02-02T05:30:00Z'),
      visitDate: '2026-02-02',
      slotId: null,
      places: 2,
      infants: 0,
      orderId: null,
      checkedInAt: null,
      flightNumber: 'LO3822',
      passengers: 2,
      passengerNames: ['Łukasz Żółć', 'Zofia Wałęsa'],
      contactPrefix: '48',
      contactNumber: '501234567',
      email: 'lukasz@example.com',
      cardLabel: 'Visa •••• 4242',
      amount: 24000,
      currency: 'PLN',
      passesUsed: 0,
      status: 'booked',
      cancelledAt: null,
      refundState: 'none',
      refundAmount: 0,
      refundDueAt: null,
      passesReturned: 0,
      anonymisedAt: null,
      createdAt: new Date('2026-01-10T08:00:00Z'),
      ...values,
    },
    product: place.product ?? {
      id: 'GDN-LNG-1',
      name: 'Salonik Bursztynowy Łódź',
      terminal: 'Terminal 2',
    },
    airport: place.airport ?? {
      iataCode: 'GDN',
      name: 'Gdańsk Lech Wałęsa Airport',
      timeZone: 'Europe/Warsaw',
    },
  };
}

/** A fast-track booking at Heathrow: the lane's name says its terminal already. */
export const laneBooking: BookingRecord = bookingRecord(
  {
    id: '00000000-0000-4000-8000-000000000002',
    reference: 'FTLHR23456',
    productId: 'LHR-FT-2',
    kind: 'fast-track',
    visitAt: new Date('2027-05-20T07:00:00Z'),
    visitDate: '2027-05-20',
    places: 1,
    flightNumber: 'BA1234',
    passengers: 1,
    passengerNames: ['Jane Doe'],
    contactPrefix: null,
    contactNumber: null,
    email: 'jane@example.com',
    cardLabel: null,
    amount: 800,
    currency: 'GBP',
    createdAt: new Date('2027-05-01T08:00:00Z'),
  },
  {
    product: { id: 'LHR-FT-2', name: 'Fast Track Security, Terminal 2', terminal: 'Terminal 2' },
    airport: { iataCode: 'LHR', name: 'London Heathrow Airport', timeZone: 'Europe/London' },
  },
);

const FIRST_NAMES = ['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ida'];

/**
 * A fast-track hold's request (confirm-passenger-details): the lane, day and time (08:00 unless
 * given), `passengers` passengers named Ann Lee, Bo Lee... (2 unless given), flight BA1234, and
 * the member (`email`) as the lead contact.
 */
export function laneHoldRequest(
  email: string,
  values: { code: string; date: string; time?: string; passengers?: number },
): PayloadOf<typeof calls.fastTrackConfirmPassengers> {
  return {
    code: values.code,
    date: values.date,
    time: values.time ?? '08:00',
    flightNumber: 'BA1234',
    passengers: FIRST_NAMES.slice(0, values.passengers ?? 2).map((first) => ({
      name: `${first} Lee`,
    })),
    contact: {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      mobileNoPrefix: '44',
      mobileNo: '7400123456',
    },
  };
}
