/**
 * Examples of the booking and membership calls for the API document: a payload and the result
 * it may answer, each typed by its call here and checked against the call's schemas by
 * call-examples.test.ts. The web never imports this file (its own entry, `call-examples`).
 */
import type { z } from 'zod';
import type { CallDef } from './define';
import * as bookings from './calls/bookings';
import * as fastTrack from './calls/fast-track';
import * as membership from './calls/membership';
import * as prebooking from './calls/prebooking';
import type { Booking, BookingDetail } from './calls/bookings';
import type { BookableLounge, BookingPrice, Slot } from './calls/prebooking';

export interface CallExample<C extends CallDef = CallDef> {
  readonly payload: z.input<C['payload']>;
  readonly result: z.output<C['result']>;
}

const examples = new Map<CallDef, CallExample>();

function example<C extends CallDef>(call: C, value: CallExample<C>): void {
  examples.set(call, value);
}

/** The example of a call, where it has one. */
export function callExample(call: CallDef): CallExample | undefined {
  return examples.get(call);
}

/** Every call with an example (for the tests). */
export function callsWithExamples(): [CallDef, CallExample][] {
  return [...examples];
}

const gbp = (amount: number) => ({ amount, currency: 'GBP' });

const booking: Booking = {
  bookingId: 'BK7Q4M2X9P',
  kind: 'lounge',
  tab: 'booked',
  productId: 'LHR-LNG-1',
  productName: 'Aspire Lounge',
  airportCode: 'LHR',
  airportName: 'London Heathrow',
  terminal: 'Terminal 5',
  visitDate: '2026-12-18',
  visitTime: '07:30',
  timeZone: 'Europe/London',
  passengers: 2,
  passengerNames: ['Alex Morgan', 'Sam Morgan'],
  paymentCard: 'Visa •••• 4242',
  contactNumber: '+44 7400 900123',
  email: 'demo@lounge.example',
  flightNumber: 'BA0117',
  paid: gbp(3000),
  passesUsed: 1,
  bookedAt: '2026-11-27T09:12:44.000Z',
  cancelledAt: null,
  refund: { state: 'none', amount: gbp(0), dueBy: null, passesReturned: 0 },
  cancellation: { allowed: true, refundable: true, noticeHours: 48 },
};

const bookingDetail: BookingDetail = {
  ...booking,
  qr: 'BK7Q4M2X9P.1766043000.Zq3v0m8kQ2dWc1cJc1w9y0xq3mYp0Qe9U9d4k5aT7sI',
};

example(bookings.bookingList, {
  payload: { tab: 'booked', page: 1, pageSize: 20 },
  result: {
    items: [booking],
    total: 1,
    page: 1,
    pageSize: 20,
    tab: 'booked',
    counts: { booked: 1, past: 4, cancelled: 1 },
  },
});

example(bookings.bookingDetail, {
  payload: { bookingId: 'BK7Q4M2X9P' },
  result: bookingDetail,
});

example(bookings.cancelBooking, {
  payload: { bookingId: 'BK7Q4M2X9P' },
  result: {
    ...booking,
    tab: 'cancelled',
    cancelledAt: '2026-12-01T10:05:00.000Z',
    refund: { state: 'pending', amount: gbp(3000), dueBy: '2026-12-08', passesReturned: 1 },
    cancellation: { allowed: false, refundable: false, noticeHours: 48 },
  },
});

const lounge: BookableLounge = {
  code: 'LHR-LNG-1',
  name: 'Aspire Lounge',
  airportCode: 'LHR',
  airportName: 'London Heathrow',
  terminal: 'Terminal 5',
  side: 'airside',
  timeZone: 'Europe/London',
  hours: '05:00–22:00',
  slotMinutes: 30,
  window: { firstDate: '2026-11-29', lastDate: '2027-05-26', earliest: '2026-11-29T09:30:00.000Z' },
  conditions: {
    maxStayHours: 3,
    children: 'Children under 2 go free and take no place.',
    dressCode: 'Smart casual.',
    guests: 'Each guest uses a pass or pays the guest price.',
  },
  guestPrice: gbp(3000),
  maxGuests: 4,
};

const slot = (time: string, placesLeft: number): Slot => ({
  time,
  startsAt: `2026-12-18T${time}:00.000Z`,
  capacity: 20,
  placesLeft,
  state: placesLeft >= 2 ? 'open' : 'full',
});

example(prebooking.availableTimes, {
  payload: { code: 'LHR-LNG-1', date: '2026-12-18', places: 2 },
  result: {
    lounge,
    date: '2026-12-18',
    slots: [slot('07:00', 1), slot('07:30', 6), slot('08:00', 20)],
  },
});

const price: BookingPrice = {
  passengers: 2,
  infants: 0,
  passesUsed: 1,
  paidPassengers: 1,
  unitPrice: gbp(3000),
  total: gbp(3000),
};

example(prebooking.startPreBooking, {
  payload: {
    code: 'LHR-LNG-1',
    date: '2026-12-18',
    time: '07:30',
    flightNumber: 'BA117',
    guests: ['Sam Morgan'],
    infants: 0,
    dpid: '4000123412341234',
  },
  result: {
    holdId: 'hld_6f1c2d9a7b3e4c58',
    expiresAt: '2026-11-27T09:22:44.000Z',
    secondsLeft: 600,
    price,
  },
});

example(prebooking.orderPrice, { payload: { holdId: 'hld_6f1c2d9a7b3e4c58' }, result: price });

const paidLines = [
  { item: 'lounge-guest', description: 'Guest: Aspire Lounge', quantity: 1, unitAmount: 3000 },
];

example(prebooking.prepareBookingOrder, {
  payload: {
    holdId: 'hld_6f1c2d9a7b3e4c58',
    cardId: 'card_3f9a1c',
    idempotencyKey: '0d9b6a43-5c1e-4f5e-9c47-2b8e3e1f6a10',
  },
  result: {
    orderId: 'ord_8d2f7c1b9e4a',
    reference: 'OR7K2M9Q4X',
    outcome: 'authenticate',
    threeDSRedirectUrl: 'https://psp.example.net/3ds/challenge/ord_8d2f7c1b9e4a',
    lines: paidLines,
    amount: 3000,
    currency: 'GBP',
  },
});

example(prebooking.checkBookingPayment, {
  payload: { orderId: 'ord_8d2f7c1b9e4a' },
  result: {
    orderId: 'ord_8d2f7c1b9e4a',
    reference: 'OR7K2M9Q4X',
    outcome: 'fulfilled',
    lines: paidLines,
    amount: 3000,
    currency: 'GBP',
    booking: {
      bookingId: 'BK7Q4M2X9P',
      qr: bookingDetail.qr ?? '',
      date: '2026-12-18',
      time: '07:30',
      timeZone: 'Europe/London',
      startsAt: '2026-12-18T07:30:00.000Z',
      loungeName: 'Aspire Lounge',
    },
  },
});

example(fastTrack.fastTrackAvailableTimes, {
  payload: { code: 'LHR-FT-1', date: '2026-12-18', places: 2 },
  result: {
    lane: {
      code: 'LHR-FT-1',
      name: 'Fast Track',
      airportCode: 'LHR',
      airportName: 'London Heathrow',
      terminal: 'Terminal 5',
      side: 'landside',
      timeZone: 'Europe/London',
      hours: '04:30–21:00',
      slotMinutes: 60,
      window: {
        firstDate: '2026-11-29',
        lastDate: '2027-05-26',
        earliest: '2026-11-29T10:00:00.000Z',
      },
      lane: 'Fast Track, Terminal 5 North security',
      pricePerPerson: gbp(700),
      maxPassengers: 9,
      childRule: 'free-with-adult',
      ageBands: false,
    },
    date: '2026-12-18',
    slots: [slot('06:00', 12), slot('07:00', 0)],
  },
});

example(fastTrack.fastTrackPrepareOrder, {
  payload: {
    holdId: 'hld_0b7e5a2c94d1f836',
    cardId: 'card_3f9a1c',
    idempotencyKey: '6c1f0e2a-8b7d-4d3e-a9f2-0c5b1e7d3a94',
  },
  result: {
    orderId: 'ord_1a7e3b9c5d2f',
    reference: 'OR2P8N4W7Z',
    outcome: 'fulfilled',
    lines: [
      { item: 'fast-track', description: 'Fast Track: LHR T5', quantity: 2, unitAmount: 700 },
    ],
    amount: 1400,
    currency: 'GBP',
    booking: {
      bookingId: 'FT3J8K2L6M',
      qr: 'FT3J8K2L6M.1766037600.r8Vt2Qm0Lk3Zc9Xa1Wb7Ny4Pd6Hf5Ge0Js2Ku8Ri3Oq',
      date: '2026-12-18',
      time: '06:00',
      timeZone: 'Europe/London',
      startsAt: '2026-12-18T06:00:00.000Z',
      loungeName: 'Fast Track',
    },
  },
});

const activeMembership: z.output<typeof membership.membershipSchema> = {
  dpid: '4000123412341234',
  issuer: 'natwest',
  cardName: 'NatWest Black',
  holderName: 'Alex Morgan',
  issuedOn: '2026-03-02',
  expiresOn: '2029-02-28',
  status: 'active',
  inUse: true,
  entitlements: {
    passesPerYear: 6,
    passesBought: 5,
    passesUsed: 3,
    passesLeft: 8,
    guestsPerVisit: 4,
  },
  sharedWith: [{ dpid: '•••• •••• •••• 5678', holderName: 'Sam Morgan' }],
  cardBg: '/assets-api/card-art/natwest.svg',
};

example(membership.membershipList, { payload: {}, result: [activeMembership] });

example(membership.chargePrices, {
  payload: {},
  result: {
    dpid: '4000123412341234',
    items: [
      {
        item: 'pass-pack:5',
        kind: 'pass-pack',
        description: '5 lounge passes',
        passes: 5,
        amount: 12000,
        currency: 'GBP',
      },
      {
        item: 'pass-pack:10',
        kind: 'pass-pack',
        description: '10 lounge passes',
        passes: 10,
        amount: 22000,
        currency: 'GBP',
      },
    ],
  },
});

const packLines = [
  { item: 'pass-pack:5', description: '5 lounge passes', quantity: 1, unitAmount: 12000 },
];

example(membership.prepareMembershipOrder, {
  payload: {
    item: 'pass-pack:5',
    cardId: 'card_3f9a1c',
    idempotencyKey: '2e8c4b1a-7d6f-4a0e-b3c9-5f1d2a8e7c46',
  },
  result: {
    orderId: 'ord_5c9d2e7f1a3b',
    reference: 'OR9X3V6T1R',
    outcome: 'pending',
    lines: packLines,
    amount: 12000,
    currency: 'GBP',
  },
});

example(membership.checkMembershipPayment, {
  payload: { orderId: 'ord_5c9d2e7f1a3b' },
  result: {
    orderId: 'ord_5c9d2e7f1a3b',
    reference: 'OR9X3V6T1R',
    outcome: 'fulfilled',
    lines: packLines,
    amount: 12000,
    currency: 'GBP',
    membership: {
      ...activeMembership,
      entitlements: { ...activeMembership.entitlements, passesBought: 10, passesLeft: 13 },
    },
  },
});
