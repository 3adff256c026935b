import { describe, expect, it } from 'vitest';
import { bookingCalendar } from '../booking-calendar';
import type { BookingRecord } from '../booking-view';

/** A fast-track booking at Heathrow: the lane's name says its terminal already. */
const laneBooking: BookingRecord = {
  booking: {
    id: '00000000-0000-4000-8000-000000000002',
    reference: 'FTLHR23456',
    userId: null,
    dpid: null,
    productId: 'LHR-FT-2',
    kind: 'fast-track',
    visitAt: new Date('2027-05-20T07:00:00Z'),
    visitDate: '2027-05-20',
    slotId: null,
    places: 1,
    infants: 0,
    orderId: null,
    checkedInAt: null,
    flightNumber: 'BA1234',
    passengers: 1,
    passengerNames: ['Jane Doe'],
    contactPrefix: null,
    contactNumber: null,
    email: 'jane@example.com',
    cardLabel: null,
    amount: 800,
    currency: 'GBP',
    passesUsed: 0,
    status: 'booked',
    cancelledAt: null,
    refundState: 'none',
    refundAmount: 0,
    refundDueAt: null,
    passesReturned: 0,
    anonymisedAt: null,
    createdAt: new Date('2027-05-01T08:00:00Z'),
  },
  product: { id: 'LHR-FT-2', name: 'Fast Track Security, Terminal 2', terminal: 'Terminal 2' },
  airport: { iataCode: 'LHR', name: 'London Heathrow Airport', timeZone: 'Europe/London' },
};

describe('bookingCalendar', () => {
  it("says a lane's terminal once in LOCATION (issue 60)", async () => {
    const ics = (await bookingCalendar(laneBooking)).replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(
      'LOCATION:Fast Track Security\\, Terminal 2\\, London Heathrow Airport (LHR)\r\n',
    );
    expect(ics).toContain('DURATION:PT1H');
  });
});
