import { laneHoldRequest } from '../../../../test/booking-fixtures';
import {
  calls,
  type BookingOrderState,
  type BookingPrice,
  type BookableLane,
  type FastTrackReview,
  type Hold,
  type Slot,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deskCheckIn,
  expectFailure,
  memberWithSession,
  messagesTo,
  okResult,
} from '../../../../test/call-helpers';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { savedCard } from '../../../../test/checkout-fixtures';
import { insertBooking } from '../../../../test/fixtures';
import { pdfText } from '../../../../test/pdf-text';
import {
  answerChallenge,
  openWithProvider,
  type TestProvider,
} from '../../../../test/payment-provider';
import { unchecked, type TestApp } from '../../../../test/test-app';
import { airports, bookings, orders, productSlots, slotHolds } from '../../../db/schema';
import type { CatalogueProduct } from '../../../platform/catalogue/catalogue-product';
import {
  catalogueVersions,
  PRODUCTS,
  upsertProducts,
} from '../../../platform/catalogue/catalogue-store';
import { slotRow, takePlaces } from '../../../platform/slots';

/**
 * The airports' fast-track rules are set in the database by an operator: a process sees such a
 * change once the products it keeps have lapsed (BOOKABLE_KEPT_MS); the tests move on at once.
 */
const airportChanged = () => catalogueVersions.moved(PRODUCTS);

/*
 * Fast-track step 1 (§7 Fast track): a lane's rules, its time windows with places left in the
 * lounges' slot inventory, a window checked by the lounges' rules, and the other windows offered.
 */
const START = '2026-11-25T10:00:00Z';
let t: TestApp;
let provider: TestProvider;
let close: () => Promise<void>;

const LANE = 'NQY-FT-1'; // 05:00–22:00, one-hour windows, 50 places, £8 a person
const SMALL = 'NQY-FT-3'; // 15-minute windows, 2 places, 3 passengers at most
const small: CatalogueProduct = {
  ...NQY_PRODUCTS.find((p) => p.id === LANE)!,
  id: SMALL,
  name: 'Fast Track, Terminal 3',
  slotMinutes: 15,
  capacityPerSlot: 2,
  maxGuests: 2,
};

beforeAll(async () => {
  ({ provider, t, close } = await openWithProvider({ now: START }));
  await upsertProducts(t.app.db, [...NQY_PRODUCTS, small], 'import');
});
afterAll(() => close());

const ok = okResult;

let serial = 0;
const member = () => {
  serial += 1;
  return memberWithSession(t, { email: `lane.${serial}@example.com` });
};

const pauseSales = async (code: string, paused: boolean) =>
  t.app.inject({
    method: 'POST',
    url: '/ops-api/catalogue/fast-track-sales',
    remoteAddress: '127.0.0.1',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ code, paused }),
  });

/** Places taken in a window, as bookings and holds take them. */
async function take(code: string, date: string, time: string, startsAt: string, places: number) {
  const row = await slotRow(t.app.db, {
    productId: code,
    startsAt: new Date(startsAt),
    localDate: date,
    localTime: time,
    capacity: 2,
  });
  expect(await takePlaces(t.app.db, row.id, places)).toBeTruthy();
}

describe('fast-track/booking-details', () => {
  it("answers the lane and the airport's passenger rules", async () => {
    const m = await member();
    const lane = ok<BookableLane>(
      await t.call(calls.fastTrackBookingDetails, { code: LANE, date: '2026-12-02' }, m.headers),
    );
    expect(lane).toMatchObject({
      code: LANE,
      name: 'Fast Track Security, Terminal 1',
      lane: 'Fast Track Security, North',
      airportCode: 'NQY',
      timeZone: 'Europe/London',
      hours: '05:00–22:00',
      slotMinutes: 60,
      pricePerPerson: { amount: 800, currency: 'GBP' },
      // The portal's default cap (9 passengers), and its default child rule.
      maxPassengers: 9,
      childRule: 'counted',
      ageBands: false,
      window: { firstDate: '2026-11-27', lastDate: '2027-05-24' },
    });
    await t.app.db
      .update(airports)
      .set({ fastTrackChildRule: 'free-with-adult', fastTrackAgeBands: true })
      .where(eq(airports.iataCode, 'NQY'));
    airportChanged();
    const changed = ok<BookableLane>(
      await t.call(calls.fastTrackBookingDetails, { code: SMALL }, m.headers),
    );
    expect(changed).toMatchObject({
      maxPassengers: 3,
      slotMinutes: 15,
      childRule: 'free-with-adult',
      ageBands: true,
    });
    await t.app.db
      .update(airports)
      .set({ fastTrackChildRule: 'counted', fastTrackAgeBands: false })
      .where(eq(airports.iataCode, 'NQY'));
    airportChanged();
  });

  it("answers notFound for a product that is no lane; a paused lane is 'Lane not available' until resumed", async () => {
    const m = await member();
    expectFailure(
      await t.call(calls.fastTrackBookingDetails, { code: 'NQY-LNG-1' }, m.headers),
      'notFound',
    );
    expect((await pauseSales(LANE, true)).json()).toEqual({
      code: LANE,
      salesPaused: true,
      holdsEnded: 0,
    });
    expectFailure(
      await t.call(calls.fastTrackBookingDetails, { code: LANE }, m.headers),
      'laneNotAvailable',
    );
    expectFailure(
      await t.call(
        calls.fastTrackAvailableTimes,
        { code: LANE, date: '2026-12-02', places: 1 },
        m.headers,
      ),
      'laneNotAvailable',
    );
    await pauseSales(LANE, false);
    ok(await t.call(calls.fastTrackBookingDetails, { code: LANE }, m.headers));
    expect((await pauseSales('NQY-LNG-1', true)).statusCode).toBe(404);
  });
});

describe('fast-track/v2/get-available-time', () => {
  it("answers the day's time windows in the airport's time with places left", async () => {
    const m = await member();
    const { lane, slots } = ok<{ lane: BookableLane; slots: Slot[] }>(
      await t.call(
        calls.fastTrackAvailableTimes,
        { code: LANE, date: '2026-12-02', places: 2 },
        m.headers,
      ),
    );
    expect(lane.code).toBe(LANE);
    expect(slots.map((s) => s.time)).toEqual(
      Array.from({ length: 17 }, (_, i) => `${String(5 + i).padStart(2, '0')}:00`),
    );
    expect(slots[0]).toEqual({
      time: '05:00',
      startsAt: '2026-12-02T05:00:00.000Z',
      capacity: 50,
      placesLeft: 50,
      state: 'open',
    });
    // 48 hours ahead: the windows before 10:00 on the 27th are too soon.
    const soon = ok<{ slots: Slot[] }>(
      await t.call(
        calls.fastTrackAvailableTimes,
        { code: LANE, date: '2026-11-27', places: 1 },
        m.headers,
      ),
    ).slots;
    expect(soon.find((s) => s.time === '09:00')?.state).toBe('too-soon');
    expect(soon.find((s) => s.time === '10:00')?.state).toBe('open');
  });
});

describe('fast-track/v2/check-availability and other-available-times', () => {
  const check = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.call(
      calls.fastTrackCheckAvailability,
      unchecked({ code: SMALL, date: '2026-12-03', places: 2, ...payload }),
      headers,
    );

  it('answers an open window, and refuses the window, the time and the booking limit', async () => {
    const m = await member();
    expect(ok<Slot>(await check(m.headers, { time: '08:15' }))).toMatchObject({
      time: '08:15',
      placesLeft: 2,
      state: 'open',
    });
    expectFailure(await check(m.headers, { time: '08:10' }), 'laneNotAvailable');
    expectFailure(await check(m.headers, { time: '04:00' }), 'laneNotAvailable');
    expectFailure(
      await check(m.headers, { date: '2026-11-27', time: '09:45' }),
      'bookingOutsideWindow',
    );
    ok(await check(m.headers, { date: '2026-11-27', time: '10:00' }));
    expectFailure(
      await check(m.headers, { date: '2027-05-25', time: '10:00' }),
      'bookingOutsideWindow',
    );
    await insertBooking(t.app.db, {
      userId: m.user.id,
      kind: 'fast-track',
      productId: SMALL,
      visitAt: new Date('2026-12-03T12:00:00Z'),
      visitDate: '2026-12-03',
    });
    expectFailure(await check(m.headers, { time: '08:15' }), 'bookingLimitReached');
  });

  it("a full window is 'Lane not available', and the others are offered nearest first", async () => {
    const m = await member();
    await take(SMALL, '2026-12-04', '09:00', '2026-12-04T09:00:00Z', 2);
    await take(SMALL, '2026-12-04', '09:15', '2026-12-04T09:15:00Z', 1);
    expectFailure(
      await check(m.headers, { date: '2026-12-04', time: '09:00' }),
      'laneNotAvailable',
    );
    const { slots } = ok<{ slots: Slot[] }>(
      await t.call(
        calls.fastTrackOtherTimes,
        { code: SMALL, date: '2026-12-04', time: '09:00', places: 2 },
        m.headers,
      ),
    );
    // 09:15 has one place left: not enough for two. A tie goes to the earlier time.
    expect(slots.slice(0, 3).map((s) => s.time)).toEqual(['08:45', '08:30', '09:30']);
    expect(slots.map((s) => s.time)).not.toContain('09:15');
    expectFailure(
      await t.call(
        calls.fastTrackOtherTimes,
        { code: SMALL, date: '2026-12-04', time: '09:05', places: 2 },
        m.headers,
      ),
      'laneNotAvailable',
    );
  });
});

describe('fast-track passengers: cardholder details, confirm-passenger-details, price and review', () => {
  const contact = {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann.lee@example.com',
    mobileNoPrefix: '44',
    mobileNo: '7400123456',
  };
  const confirm = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.call(
      calls.fastTrackConfirmPassengers,
      unchecked({
        code: LANE,
        date: '2026-12-05',
        time: '08:00',
        flightNumber: 'BA1234',
        passengers: [{ name: 'Ann Lee' }],
        contact,
        ...payload,
      }),
      headers,
    );
  const setAirport = async (
    fastTrackChildRule: 'counted' | 'free-with-adult',
    ageBands: boolean,
  ) => {
    await t.app.db
      .update(airports)
      .set({ fastTrackChildRule, fastTrackAgeBands: ageBands })
      .where(eq(airports.iataCode, 'NQY'));
    airportChanged();
  };

  it("starts from the member's own contact; holds the passengers' places, priced per person", async () => {
    const m = await member();
    expect(ok(await t.call(calls.fastTrackCardholderDetails, {}, m.headers))).toMatchObject({
      email: m.user.email,
      confirmed: false,
    });
    const hold = ok<Hold>(
      await confirm(m.headers, {
        passengers: [{ name: 'Ann Lee' }, { name: 'Bo Lee' }, { name: 'Cy Lee' }],
      }),
    );
    expect(hold.price).toEqual({
      passengers: 3,
      infants: 0,
      passesUsed: 0,
      paidPassengers: 3,
      unitPrice: { amount: 800, currency: 'GBP' },
      total: { amount: 2400, currency: 'GBP' },
    });
    expect(hold.secondsLeft).toBe(600);
    const [row] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, hold.holdId));
    expect(row).toMatchObject({ places: 3, productId: LANE });
    expect(row?.draft).toMatchObject({ guests: ['Bo Lee', 'Cy Lee'], freeChildren: [] });
    expect(
      ok(await t.call(calls.fastTrackCardholderDetails, { holdId: hold.holdId }, m.headers)),
    ).toEqual({ ...contact, confirmed: true });
    expect(ok(await t.call(calls.fastTrackOrderPrice, { holdId: hold.holdId }, m.headers))).toEqual(
      hold.price,
    );
    const grid = ok<{ slots: Slot[] }>(
      await t.call(
        calls.fastTrackAvailableTimes,
        { code: LANE, date: '2026-12-05', places: 1 },
        (await member()).headers,
      ),
    ).slots;
    expect(grid.find((s) => s.time === '08:00')?.placesLeft).toBe(47);

    // Confirmed again (back from review): the earlier hold is replaced, not added to.
    const again = ok<Hold>(await confirm(m.headers, { replaceHoldId: hold.holdId }));
    expect(again.price.passengers).toBe(1);
    const [before] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, hold.holdId));
    expect(before?.releaseReason).toBe('replaced');
    // Another member's hold is not found.
    expectFailure(
      await t.call(calls.fastTrackOrderPrice, { holdId: again.holdId }, (await member()).headers),
      'notFound',
    );
  });

  it("applies the airport's child rule and age bands, and the lane's passenger cap", async () => {
    const m = await member();
    await setAirport('free-with-adult', true);
    const family = [
      { name: 'Ann Lee', ageBand: 'adult' },
      { name: 'Bo Lee', ageBand: 'child' },
      { name: 'Cy Lee', ageBand: 'youth' },
    ];
    const hold = ok<Hold>(await confirm(m.headers, { date: '2026-12-06', passengers: family }));
    expect(hold.price).toMatchObject({ passengers: 2, infants: 1, total: { amount: 1600 } });
    const [row] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, hold.holdId));
    expect(row?.draft).toMatchObject({
      guests: ['Cy Lee'],
      freeChildren: ['Bo Lee'],
      infants: 1,
      ageBands: ['adult', 'youth', 'child'],
    });
    const review = ok<FastTrackReview>(
      await t.call(calls.fastTrackReviewDetails, { holdId: hold.holdId }, m.headers),
    );
    expect(review).toMatchObject({
      lane: { code: LANE, childRule: 'free-with-adult', ageBands: true },
      date: '2026-12-06',
      time: '08:00',
      flightNumber: 'BA1234',
      passengers: [
        { name: 'Ann Lee', ageBand: 'adult', free: false },
        { name: 'Cy Lee', ageBand: 'youth', free: false },
        { name: 'Bo Lee', ageBand: 'child', free: true },
      ],
      price: { total: { amount: 1600 } },
      contact: { ...contact, confirmed: true },
      cancellation: { noticeHours: 48, refundWorkingDays: 5 },
    });
    // Left to lapse: 'Session expired'.
    t.clock.advance(11 * 60_000);
    expectFailure(
      await t.call(calls.fastTrackReviewDetails, { holdId: hold.holdId }, m.headers),
      'prebookSessionExpired',
    );
    t.clock.set(START);
    expectFailure(
      await t.call(calls.fastTrackReviewDetails, { holdId: hold.holdId }, (await member()).headers),
      'notFound',
    );
    const missing = await confirm(m.headers, {
      date: '2026-12-07',
      passengers: [{ name: 'Ann Lee', ageBand: 'adult' }, { name: 'Bo Lee' }],
    });
    expectFailure(missing, 'invalidRequest');
    expect(missing.body.result).toMatchObject({
      fields: [{ path: 'passengers.1.ageBand', message: 'required' }],
    });
    await setAirport('counted', false);
    expectFailure(
      await confirm(m.headers, {
        code: SMALL,
        date: '2026-12-07',
        time: '08:00',
        passengers: [
          { name: 'Ann Lee' },
          { name: 'Bo Lee' },
          { name: 'Cy Lee' },
          { name: 'Di Lee' },
        ],
      }),
      'tooManyPassengers',
    );
  });

  it('refuses what step 1 refuses: the lane, the window, the limit, a full window', async () => {
    const m = await member();
    expectFailure(await confirm(m.headers, { code: 'NQY-LNG-1' }), 'notFound');
    expectFailure(await confirm(m.headers, { date: '2026-11-26' }), 'bookingOutsideWindow');
    expectFailure(await confirm(m.headers, { time: '08:30' }), 'laneNotAvailable');
    expectFailure(await confirm(m.headers, { flightNumber: 'NOT A FLIGHT' }), 'invalidRequest');
    await take(SMALL, '2026-12-08', '08:00', '2026-12-08T08:00:00Z', 2);
    expectFailure(
      await confirm(m.headers, { code: SMALL, date: '2026-12-08', time: '08:00' }),
      'laneNotAvailable',
    );
    await insertBooking(t.app.db, {
      userId: m.user.id,
      kind: 'fast-track',
      productId: LANE,
      visitAt: new Date('2026-12-09T12:00:00Z'),
      visitDate: '2026-12-09',
    });
    expectFailure(await confirm(m.headers, { date: '2026-12-09' }), 'bookingLimitReached');
    await pauseSales(LANE, true);
    expectFailure(await confirm(m.headers, {}), 'laneNotAvailable');
    await pauseSales(LANE, false);
    const unpriced = { ...small, id: 'NQY-FT-4', price: null };
    await upsertProducts(t.app.db, [unpriced], 'import');
    expectFailure(await confirm(m.headers, { code: 'NQY-FT-4' }), 'noPassesAvailable');
  });
});

describe('fast-track/v2a/prepare-order and v2a/check-payment-status', () => {
  const hold = async (m: Awaited<ReturnType<typeof member>>, date: string, passengers = 2) =>
    ok<Hold>(
      await t.call(
        calls.fastTrackConfirmPassengers,
        laneHoldRequest(m.user.email, { code: LANE, date, passengers }),
        m.headers,
      ),
    );
  const key = () => `ft-${Math.random().toString(36).slice(2, 14)}-checkout`;
  /** v2a/prepare-order with a new checkout key: the order's state. */
  const payFor = async (m: { headers: Record<string, string> }, holdId: string, cardId: string) =>
    ok<BookingOrderState>(
      await t.call(
        calls.fastTrackPrepareOrder,
        { holdId, cardId, idempotencyKey: key() },
        m.headers,
      ),
    );

  it("the desk lets a lane's passengers in 2 hours either side of its time, not the lounge's rule", async () => {
    const m = await member();
    const cardId = await savedCard(t, m.user.id, '4111111111111111');
    const h = await hold(m, '2026-12-11');
    const state = ok<BookingOrderState>(
      await t.call(
        calls.fastTrackPrepareOrder,
        { holdId: h.holdId, cardId, idempotencyKey: key() },
        m.headers,
      ),
    );
    const qr = state.booking!.qr;
    try {
      t.clock.set('2026-12-11T05:59:00Z');
      expect(await deskCheckIn(t, qr)).toEqual({ valid: false, reason: 'too-early' });
      t.clock.set('2026-12-11T06:00:00Z');
      expect(await deskCheckIn(t, qr)).toMatchObject({ valid: true, passengers: 2 });
    } finally {
      t.clock.set(START);
    }
  });

  it('pays per person by card through the checkout engine: one charge, the fast-track booking and its email', async () => {
    const m = await member();
    const cardId = await savedCard(t, m.user.id, '4111111111111111');
    const h = await hold(m, '2026-12-10');
    const idempotencyKey = key();
    const pay = () =>
      t.call(calls.fastTrackPrepareOrder, { holdId: h.holdId, cardId, idempotencyKey }, m.headers);
    const state = ok<BookingOrderState>(await pay());
    expect(state).toMatchObject({
      outcome: 'fulfilled',
      amount: 1600,
      lines: [{ item: 'lounge-visit', quantity: 2, unitAmount: 800 }],
      booking: { date: '2026-12-10', time: '08:00', timeZone: 'Europe/London' },
    });
    expect(state.booking?.bookingId).toMatch(/^FT[A-Z0-9]{8}$/);
    // A retry: the same order, one charge.
    expect(ok<BookingOrderState>(await pay()).orderId).toBe(state.orderId);
    expect(
      provider.psp.app.sandbox.store.snapshot().payments.filter((p) => p.orderId === state.orderId),
    ).toHaveLength(1);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, state.orderId));
    expect(order?.purpose).toBe('fast-track');
    const [booking] = await t.app.db
      .select()
      .from(bookings)
      .where(eq(bookings.orderId, state.orderId));
    expect(booking).toMatchObject({
      kind: 'fast-track',
      productId: LANE,
      places: 2,
      passengers: 2,
      passengerNames: ['Ann Lee', 'Bo Lee'],
      amount: 1600,
      visitDate: '2026-12-10',
    });
    const [email] = (await messagesTo(t, m.user.email, 'email')).filter((e) =>
      e.subject?.startsWith('Fast track booking confirmed'),
    );
    // Its own entry rule, not the lounge's (issue 60, item 5).
    expect(email?.body).toContain(
      'fast track lane, within 2 hours either side of your booked time.',
    );
    expect(email?.body).not.toContain('1 hour before');
    // The booking limit: a second booking at the lane that day is refused.
    expectFailure(
      await t.call(
        calls.fastTrackCheckAvailability,
        { code: LANE, date: '2026-12-10', time: '09:00', places: 1 },
        m.headers,
      ),
      'bookingLimitReached',
    );
    // Each flow's calls pay and check their own orders only.
    expectFailure(
      await t.call(calls.checkBookingPayment, { orderId: state.orderId }, m.headers),
      'notFound',
    );

    // pdf-stream: the confirmation with its lane and Booking ID; the member's own only.
    const bookingId = state.booking!.bookingId;
    const pdf = await t.app.inject({
      method: 'POST',
      url: `/client-api${calls.fastTrackBookingPdf.path}`,
      headers: { channel: 'ASE', ...m.headers },
      payload: { bookingId },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload).join(' ');
    expect(text).toContain(bookingId);
    expect(text).toContain('Fast track');
    expectFailure(
      await t.call(calls.fastTrackBookingPdf, { bookingId }, (await member()).headers),
      'notFound',
    );
    expectFailure(await t.call(calls.loungeBookingPdf, { bookingId }, m.headers), 'notFound');

    // Cancelled 48 hours ahead or more: the card share refunded through the engine, places back.
    const takenAt10 = async () =>
      (
        await t.app.db
          .select({ taken: productSlots.taken })
          .from(productSlots)
          .where(and(eq(productSlots.productId, LANE), eq(productSlots.localDate, '2026-12-10')))
      ).reduce((n, r) => n + r.taken, 0);
    expect(await takenAt10()).toBe(2);
    expect(
      ok<Record<string, unknown>>(await t.call(calls.cancelBooking, { bookingId }, m.headers)),
    ).toMatchObject({
      kind: 'fast-track',
      tab: 'cancelled',
      refund: { state: 'pending', amount: { amount: 1600 } },
    });
    expect(await takenAt10()).toBe(0);
    await t.app.checkout.refund();
    const [refunded] = await t.app.db.select().from(orders).where(eq(orders.id, state.orderId));
    expect(refunded).toMatchObject({ status: 'refunded', refundedAmount: 1600 });
    expect(
      provider.psp.app.sandbox.store.snapshot().payments.filter((p) => p.orderId === state.orderId),
    ).toHaveLength(1);
  });

  it('3-D Secure comes back to the fast-track payment page; a declined card releases the places', async () => {
    const m = await member();
    const challenged = await savedCard(t, m.user.id, '4000002760003184');
    const h = await hold(m, '2026-12-11');
    const asked = await payFor(m, h.holdId, challenged);
    expect(asked.outcome).toBe('authenticate');
    const back = await answerChallenge(asked.threeDSRedirectUrl!, 'approve');
    expect(back.pathname).toBe('/cipprebooking/payment');
    const settled = ok<BookingOrderState>(
      await t.call(calls.fastTrackCheckPayment, { orderId: asked.orderId }, m.headers),
    );
    expect(settled).toMatchObject({ outcome: 'fulfilled', booking: { date: '2026-12-11' } });

    const other = await member();
    const declines = await savedCard(t, other.user.id, '4000000000000341');
    const lost = await hold(other, '2026-12-11', 3);
    const failed = await payFor(other, lost.holdId, declines);
    expect(failed.outcome).toBe('failed');
    const [row] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, lost.holdId));
    expect(row?.releaseReason).toBe('failed');
    expectFailure(
      await t.call(calls.fastTrackCheckPayment, { orderId: asked.orderId }, other.headers),
      'notFound',
    );
  });

  it("a lounge's hold is not paid for as fast track", async () => {
    const m = await member();
    const cardId = await savedCard(t, m.user.id, '4111111111111111');
    const lounge = ok<Hold>(
      await t.call(
        calls.startPreBooking,
        { code: 'NQY-LNG-1', date: '2026-12-12', time: '12:00', flightNumber: 'BA1234' },
        m.headers,
      ),
    );
    expectFailure(
      await t.call(
        calls.fastTrackPrepareOrder,
        { holdId: lounge.holdId, cardId, idempotencyKey: key() },
        m.headers,
      ),
      'notFound',
    );
  });

  it("refuses a hold that is someone else's or lapsed, and a checkout key reused for another hold", async () => {
    const m = await member();
    const other = await member();
    const cardId = await savedCard(t, m.user.id, '4111111111111111');
    const h = await hold(m, '2026-12-14');
    const mine = { holdId: h.holdId };
    // Another member's hold, or none: not found, whichever call asks.
    expectFailure(await t.call(calls.fastTrackCardholderDetails, mine, other.headers), 'notFound');
    expectFailure(await t.call(calls.fastTrackOrderPrice, mine, other.headers), 'notFound');
    expectFailure(
      await t.call(
        calls.fastTrackPrepareOrder,
        { holdId: 'no-such-hold', cardId, idempotencyKey: key() },
        m.headers,
      ),
      'notFound',
    );
    expectFailure(
      await t.call(calls.fastTrackCheckPayment, { orderId: 'no-such-order' }, m.headers),
      'notFound',
    );
    // The price of the member's own hold, then the key of one checkout used for a second hold.
    expect(
      ok<BookingPrice>(await t.call(calls.fastTrackOrderPrice, mine, m.headers)),
    ).toMatchObject({ paidPassengers: 2, total: { amount: 1600 } });
    const idempotencyKey = key();
    ok(await t.call(calls.fastTrackPrepareOrder, { ...mine, cardId, idempotencyKey }, m.headers));
    const second = await hold(m, '2026-12-15');
    expectFailure(
      await t.call(
        calls.fastTrackPrepareOrder,
        { holdId: second.holdId, cardId, idempotencyKey },
        m.headers,
      ),
      'orderKeyReused',
    );
    // Left to lapse: 'Session expired' from each call that reads the hold.
    t.clock.advance(11 * 60_000);
    const lapsed = { holdId: second.holdId };
    try {
      expectFailure(
        await t.call(calls.fastTrackCardholderDetails, lapsed, m.headers),
        'prebookSessionExpired',
      );
      expectFailure(
        await t.call(calls.fastTrackOrderPrice, lapsed, m.headers),
        'prebookSessionExpired',
      );
      expectFailure(
        await t.call(
          calls.fastTrackPrepareOrder,
          { ...lapsed, cardId, idempotencyKey: key() },
          m.headers,
        ),
        'prebookSessionExpired',
      );
    } finally {
      t.clock.set(START);
    }
  });
});
