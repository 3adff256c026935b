import {
  calls,
  type Amended,
  type BookingOrderState,
  type BookingReview,
  type Hold,
  type OtherLounge,
  type ChangeQuote,
  type Slot,
} from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { cacheClock, SETTLE_MS } from '../../../platform/read-cache';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  deskCheckIn,
  expectFailure,
  memberWithMembership,
  messagesTo,
  okResult,
} from '../../../../test/call-helpers';
import { every, NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { savedCard } from '../../../../test/checkout-fixtures';
import { insertMembership } from '../../../../test/fixtures';
import { pdfText } from '../../../../test/pdf-text';
import {
  answerChallenge,
  openWithProvider,
  type TestProvider,
} from '../../../../test/payment-provider';
import { unchecked, type TestApp } from '../../../../test/test-app';
import {
  bookings,
  memberships,
  orders,
  products,
  productSlots,
  slotHolds,
  users,
  visits,
} from '../../../db/schema';
import type { CatalogueProduct } from '../../../platform/catalogue/catalogue-product';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';
import { createSession } from '../../../platform/sessions';

const START = '2026-11-25T10:00:00Z';
let provider: TestProvider;
let t: TestApp;
let close: () => Promise<void>;

const LOUNGE = 'NQY-LNG-1'; // 05:00–22:00 daily, 30-min slots, 20 places, £35 a guest
const OPEN_ALL_DAY = 'NQY-LNG-2'; // 24 hours
const SMALL = 'NQY-LNG-7'; // 2 places a slot, 1 guest at most
const UNPRICED = 'NQY-LNG-8'; // as SMALL, selling no visits
const small: CatalogueProduct = {
  ...NQY_PRODUCTS[0]!,
  id: SMALL,
  name: 'Snug Lounge',
  capacityPerSlot: 2,
  maxGuests: 1,
  weeklyHours: every([{ open: '08:00', close: '12:00' }]),
};

beforeAll(async () => {
  ({ provider, t, close } = await openWithProvider({ now: START }));
  await upsertProducts(t.app.db, [...NQY_PRODUCTS, small], 'import');
});
afterAll(() => close());

const PAYS = '4111111111111111';
const CHALLENGES = '4000002760003184';
const DECLINES = '4000000000000341';

let serial = 0;
type Member = Awaited<ReturnType<typeof member>>;
function member(membership: Parameters<typeof insertMembership>[1] = {}) {
  serial += 1;
  return memberWithMembership(t, 'Booker', serial, { passesPerYear: 2, ...membership });
}
const key = () => `checkout-${serial}-${Math.random().toString(36).slice(2, 12)}`;

const ok = okResult;

type HoldRequest = Partial<{
  code: string;
  date: string;
  time: string;
  flightNumber: string;
  guests: string[];
  infants: number;
  dpid: string;
  passesOnly: boolean;
  replaceHoldId: string;
}>;
const preBook = (m: Member, request: HoldRequest = {}) =>
  t.call(
    calls.startPreBooking,
    {
      code: LOUNGE,
      date: '2026-11-28',
      time: '12:00',
      flightNumber: 'BA1234',
      guests: [],
      dpid: m.own.dpid,
      ...request,
    },
    m.headers,
  );
const hold = async (m: Member, request: HoldRequest = {}) => ok<Hold>(await preBook(m, request));
const pay = (m: Member, holdId: string, cardId?: string, idempotencyKey = key()) =>
  t.call(
    calls.prepareBookingOrder,
    { holdId, idempotencyKey, ...(cardId ? { cardId } : {}) },
    m.headers,
  );
const grid = async (code: string, date: string, places = 1) =>
  ok<{ slots: Slot[] }>(await t.call(calls.availableTimes, { code, date, places }, member0()))
    .slots;
let firstMember: Member | undefined;
const member0 = () => firstMember!.headers;
const slotAtTime = (slots: Slot[], time: string) => slots.find((s) => s.time === time)!;
const passesLeftOf = async (dpid: string) => {
  const [row] = await t.app.db.select().from(memberships).where(eq(memberships.dpid, dpid));
  return row!.passesPerYear + row!.passesBought - row!.passesUsed;
};
const takenAt = async (code: string, startsAt: string) => {
  const [row] = await t.app.db
    .select({ taken: productSlots.taken })
    .from(productSlots)
    .where(and(eq(productSlots.productId, code), eq(productSlots.startsAt, new Date(startsAt))));
  return row?.taken ?? 0;
};
const checkIn = (code: string) => deskCheckIn(t, code);

beforeAll(async () => {
  firstMember = await member();
});

/**
 * The read caches' time past the settling of this file's catalogue writes, for the test: a
 * lounge a call reads is kept (bookables.find), as a running server's is.
 */
function keepCatalogueReads() {
  const realCacheClock = cacheClock.now;
  cacheClock.now = () => realCacheClock() + SETTLE_MS;
  onTestFinished(() => {
    cacheClock.now = realCacheClock;
  });
}

describe('lounge/get-available-time/v2', () => {
  it("answers the day's slots in the airport's time with places left, and the lounge's rules", async () => {
    t.clock.set(START);
    const { body } = await t.call(
      calls.availableTimes,
      { code: LOUNGE, date: '2026-11-28', places: 2 },
      member0(),
    );
    const result = body.result as { lounge: Record<string, unknown>; slots: Slot[] };
    expect(result.lounge).toMatchObject({
      code: LOUNGE,
      name: 'Alpha Lounge',
      airportCode: 'NQY',
      timeZone: 'Europe/London',
      hours: '05:00–22:00',
      guestPrice: { amount: 3500, currency: 'GBP' },
      maxGuests: 4,
      slotMinutes: 30,
      window: { firstDate: '2026-11-27', lastDate: '2027-05-24' },
    });
    expect(result.slots).toHaveLength(34);
    expect(result.slots[0]).toEqual({
      time: '05:00',
      startsAt: '2026-11-28T05:00:00.000Z',
      capacity: 20,
      placesLeft: 20,
      state: 'open',
    });
    expect(result.slots.at(-1)?.time).toBe('21:30');
  });

  it('marks slots inside 48 hours too-soon and beyond 180 days too-late', async () => {
    t.clock.set(START);
    const soon = await grid(LOUNGE, '2026-11-27');
    expect(slotAtTime(soon, '09:30').state).toBe('too-soon');
    expect(slotAtTime(soon, '10:00').state).toBe('open');
    expect((await grid(LOUNGE, '2027-05-24')).every((s) => s.state === 'open')).toBe(true);
    expect((await grid(LOUNGE, '2027-05-25')).every((s) => s.state === 'too-late')).toBe(true);
  });

  it('answers notFound for a product that is no lounge, and refuses a date that is no date', async () => {
    expectFailure(
      await t.call(calls.availableTimes, { code: 'NQY-DIN-1', date: '2026-11-28' }, member0()),
      'notFound',
    );
    const bad = await t.call(
      calls.availableTimes,
      unchecked({ code: LOUNGE, date: '28/11/2026' }),
      member0(),
    );
    expectFailure(bad, 'invalidRequest');
  });
});

describe('lounge/check-time-rule/v2: the booking window', () => {
  const rule = (m: Member, code: string, date: string, time: string) =>
    t.call(calls.checkTimeRule, { code, date, time }, m.headers);

  it('accepts a visit exactly 48 hours ahead and refuses one 47 h 59 min ahead', async () => {
    const m = await member();
    t.clock.set(START);
    expect(ok(await rule(m, LOUNGE, '2026-11-27', '10:00'))).toEqual({
      date: '2026-11-27',
      time: '10:00',
      startsAt: '2026-11-27T10:00:00.000Z',
    });
    t.clock.set('2026-11-25T10:01:00Z');
    expectFailure(await rule(m, LOUNGE, '2026-11-27', '10:00'), 'bookingOutsideWindow');
  });

  it('counts the 48 hours as elapsed time across the spring daylight-saving change', async () => {
    // 02:00 GMT on Friday; on Sunday 28 March 2027 London skips 01:00–02:00 GMT (to BST).
    t.clock.set('2027-03-26T02:00:00Z');
    const m = await member();
    // 03:00 BST on Sunday is 02:00 UTC: exactly 48 hours later, though 49 on the wall clock.
    expect(ok(await rule(m, OPEN_ALL_DAY, '2027-03-28', '03:00'))).toMatchObject({
      startsAt: '2027-03-28T02:00:00.000Z',
    });
    t.clock.set('2027-03-26T02:01:00Z');
    expectFailure(await rule(m, OPEN_ALL_DAY, '2027-03-28', '03:00'), 'bookingOutsideWindow');
    // 01:30 does not happen that night: no slot.
    expectFailure(await rule(m, OPEN_ALL_DAY, '2027-03-28', '01:30'), 'slotNotAvailable');
    const night = ok<{ slots: Slot[] }>(
      await t.call(calls.availableTimes, { code: OPEN_ALL_DAY, date: '2027-03-28' }, m.headers),
    ).slots;
    expect(night.map((s) => s.time).slice(0, 4)).toEqual(['00:00', '00:30', '02:00', '02:30']);
  });

  it('accepts the 180th day at the airport and refuses the 181st', async () => {
    const m = await member();
    t.clock.set(START);
    expect(ok(await rule(m, LOUNGE, '2027-05-24', '21:30'))).toMatchObject({ date: '2027-05-24' });
    expectFailure(await rule(m, LOUNGE, '2027-05-25', '05:00'), 'bookingOutsideWindow');
  });

  it('refuses a time that is no slot of the lounge that day', async () => {
    const m = await member();
    t.clock.set(START);
    expectFailure(await rule(m, LOUNGE, '2026-11-28', '04:30'), 'slotNotAvailable');
    expectFailure(await rule(m, LOUNGE, '2026-11-28', '12:15'), 'slotNotAvailable');
    expectFailure(await rule(m, 'NQY-LNG-99', '2026-11-28', '12:00'), 'notFound');
  });

  it('refuses a second booking at the lounge the same day: Booking Limit Reached', async () => {
    const m = await member();
    t.clock.set(START);
    const h = await hold(m, { date: '2026-12-01' });
    expect(ok<BookingOrderState>(await pay(m, h.holdId)).outcome).toBe('fulfilled');
    expectFailure(await rule(m, LOUNGE, '2026-12-01', '15:00'), 'bookingLimitReached');
    expectFailure(await preBook(m, { date: '2026-12-01', time: '15:00' }), 'bookingLimitReached');
    // Another lounge, or another day, is fine.
    ok(await rule(m, OPEN_ALL_DAY, '2026-12-01', '15:00'));
    ok(await rule(m, LOUNGE, '2026-12-02', '15:00'));
  });
});

describe("lounge/get-available-time/v2: the member's own booking that day (issue 60)", () => {
  it('names it for the member who has one, on that day only, and not once it is cancelled', async () => {
    t.clock.set(START);
    keepCatalogueReads();
    const m = await member();
    const other = await member();
    const day = (who: Member, date: string) =>
      t.call(calls.availableTimes, { code: LOUNGE, date }, who.headers);
    const before = ok<{ ownBookingId?: string }>(await day(m, '2026-12-02'));
    expect(before).not.toHaveProperty('ownBookingId');
    const h = await hold(m, { date: '2026-12-02', time: '15:00' });
    const bookingId = ok<BookingOrderState>(await pay(m, h.holdId)).booking!.bookingId;
    expect(ok<{ ownBookingId?: string }>(await day(m, '2026-12-02')).ownBookingId).toBe(bookingId);
    // Not another member's, another day's or another lounge's.
    expect(ok<object>(await day(other, '2026-12-02'))).not.toHaveProperty('ownBookingId');
    expect(ok<object>(await day(m, '2026-12-03'))).not.toHaveProperty('ownBookingId');
    expect(
      ok<object>(
        await t.call(calls.availableTimes, { code: OPEN_ALL_DAY, date: '2026-12-02' }, m.headers),
      ),
    ).not.toHaveProperty('ownBookingId');
    ok(await t.call(calls.cancelBooking, { bookingId }, m.headers));
    expect(ok<object>(await day(m, '2026-12-02'))).not.toHaveProperty('ownBookingId');
  });
});

describe('lounge/pre-book: the hold', () => {
  it('holds the places of the member and guests (infants free) and prices passes then guests', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 2 });
    const request = { date: '2026-11-30', time: '09:00', guests: ['Bo Lee', 'Cy Lee'], infants: 1 };
    const before = await takenAt(LOUNGE, '2026-11-30T09:00:00Z');
    const h = await hold(m, request);
    expect(h).toMatchObject({
      expiresAt: '2026-11-25T10:10:00.000Z',
      secondsLeft: 600,
      price: {
        passengers: 3,
        infants: 1,
        passesUsed: 2,
        paidPassengers: 1,
        unitPrice: { amount: 3500, currency: 'GBP' },
        total: { amount: 3500, currency: 'GBP' },
      },
    });
    expect(await takenAt(LOUNGE, '2026-11-30T09:00:00Z')).toBe(before + 3);
    // Choosing again lets go of the first hold: its places come back.
    const again = await hold(m, { ...request, time: '10:00', replaceHoldId: h.holdId });
    expect(again.holdId).not.toBe(h.holdId);
    expect(await takenAt(LOUNGE, '2026-11-30T09:00:00Z')).toBe(before);
  });

  it("decides by the lounge's row when another process changed it since this one kept it", async () => {
    t.clock.set(START);
    keepCatalogueReads();
    const code = 'NQY-LNG-3';
    const m = await member({ passesPerYear: 0 });
    const visit = { code, date: '2026-11-30', time: '09:00', dpid: undefined as never };
    const first = await hold(m, visit);
    expect(first.price.unitPrice).toEqual({ amount: 3500, currency: 'GBP' });
    // Written as another process would (this one's catalogue writes are seen at once): the
    // price, then the guests a booking may bring, then the lounge withdrawn.
    const change = (set: Partial<typeof products.$inferInsert>) =>
      t.app.db.update(products).set(set).where(eq(products.id, code));
    await change({ priceAmount: 4000 });
    const repriced = await hold(m, { ...visit, replaceHoldId: first.holdId });
    expect(repriced.price.unitPrice).toEqual({ amount: 4000, currency: 'GBP' });
    await change({ maxGuests: 0 });
    expectFailure(
      await preBook(m, { ...visit, guests: ['Bo Lee'], replaceHoldId: repriced.holdId }),
      'tooManyGuests',
    );
    await change({ maxGuests: 3 });
    const withGuest = await hold(m, {
      ...visit,
      guests: ['Bo Lee'],
      replaceHoldId: repriced.holdId,
    });
    expect(withGuest.price.passengers).toBe(2);
    await change({ active: false });
    expectFailure(await preBook(m, visit), 'notFound');
  });

  it('refuses more guests than the lounge takes', async () => {
    t.clock.set(START);
    const m = await member();
    expectFailure(
      await preBook(m, { code: SMALL, time: '08:00', guests: ['Bo Lee', 'Cy Lee'] }),
      'tooManyGuests',
    );
    const five = ['A One', 'B Two', 'C Three', 'D Four', 'E Five'];
    expectFailure(await preBook(m, { guests: five }), 'tooManyGuests');
  });

  it("refuses more guests than the membership's guests per visit where the lounge takes more", async () => {
    t.clock.set(START);
    // The default issuer's membership brings 2 guests a visit; the lounge takes 4.
    const m = await member({ issuer: 'default', cardType: 'standard', passesPerYear: 3 });
    const visit = { date: '2027-01-05', time: '12:00' };
    const three = ['Bo Lee', 'Cy Lee', 'Di Lee'];
    expectFailure(await preBook(m, { ...visit, guests: three }), 'tooManyGuests');
    // Paid by card, no membership named: the one in use is the visit's.
    expectFailure(
      await preBook(m, { ...visit, guests: three, dpid: undefined as never }),
      'tooManyGuests',
    );
    expect((await hold(m, { ...visit, guests: three.slice(0, 2) })).price.passengers).toBe(3);
    // A membership bringing 3 a visit books the same 3 guests.
    const natwest = await member();
    expect((await hold(natwest, { ...visit, guests: three })).price.passengers).toBe(4);
  });

  it("answers 'No passes available' for passes only without enough passes", async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 0 });
    expectFailure(await preBook(m, { passesOnly: true }), 'noPassesAvailable');
    const one = await member({ passesPerYear: 1 });
    expectFailure(
      await preBook(one, { passesOnly: true, guests: ['Bo Lee'] }),
      'noPassesAvailable',
    );
    expect((await hold(one, { passesOnly: true })).price.passesUsed).toBe(1);
  });

  it('refuses the passes of a suspended or expired membership, and of a membership not theirs', async () => {
    t.clock.set(START);
    const suspended = await member({ status: 'suspended' });
    expectFailure(await preBook(suspended), 'membershipSuspended');
    const expired = await member({ expiresOn: '2026-11-24' });
    expectFailure(await preBook(expired), 'membershipExpired');
    const other = await member();
    expectFailure(await preBook(other, { dpid: suspended.own.dpid }), 'notFound');
  });

  it('refuses an invalid flight number, a slot outside the window, and an unknown lounge', async () => {
    t.clock.set(START);
    const m = await member();
    expectFailure(await preBook(m, { flightNumber: 'NOT A FLIGHT' }), 'invalidRequest');
    expectFailure(await preBook(m, { date: '2026-11-26' }), 'bookingOutsideWindow');
    expectFailure(await preBook(m, { code: 'NQY-LNG-99' }), 'notFound');
  });

  it('refuses a full slot, then offers other times that day and other lounges at the airport', async () => {
    t.clock.set(START);
    const a = await member();
    const b = await member();
    await hold(a, { code: SMALL, time: '09:00', guests: ['Bo Lee'] });
    const full = await preBook(b, { code: SMALL, time: '09:00' });
    expectFailure(full, 'slotNotAvailable');
    const query = { code: SMALL, date: '2026-11-28', time: '09:00', places: 1 };
    expectFailure(await t.call(calls.checkTimeAvailable, query, b.headers), 'slotNotAvailable');
    const times = ok<{ slots: Slot[] }>(await t.call(calls.otherTimes, query, b.headers)).slots;
    expect(times.map((s) => s.time).slice(0, 3)).toEqual(['08:30', '09:30', '08:00']);
    const lounges = ok<{ lounges: OtherLounge[] }>(
      await t.call(calls.otherLounges, query, b.headers),
    ).lounges;
    expect(lounges.map((l) => l.code)).toEqual(expect.arrayContaining([LOUNGE, OPEN_ALL_DAY]));
    // The Snug Lounge is in Terminal 1, airside: lounges there first, Terminal 2 landside last
    // (issue 60, item 7), each naming its terminal, side and guest price.
    const places = lounges.map((l) => `${l.terminal} ${l.side}`);
    expect(places.indexOf('Terminal 2 landside')).toBe(places.length - 1);
    expect(places.slice(0, -1).every((p) => p === 'Terminal 1 airside')).toBe(true);
    expect(lounges.find((l) => l.code === OPEN_ALL_DAY)).toMatchObject({
      terminal: 'Terminal 2',
      side: 'landside',
      guestPrice: { amount: 3500, currency: 'GBP' },
    });
    expect(lounges.find((l) => l.code === LOUNGE)?.slot).toMatchObject({
      time: '09:00',
      state: 'open',
    });
    const open = ok<Slot>(
      await t.call(calls.checkTimeAvailable, { ...query, time: '10:00' }, b.headers),
    );
    expect(open).toMatchObject({ time: '10:00', placesLeft: 2, state: 'open' });
  });
  it('a member whose hold fills a slot may choose it again; the full slot holds nothing of anyone else', async () => {
    t.clock.set(START);
    const a = await member();
    const b = await member();
    const visit = { code: SMALL, time: '10:00' };
    const first = await hold(a, { ...visit, guests: ['Bo Lee'] });
    const startsAt = '2026-11-28T10:00:00.000Z';
    expect(await takenAt(SMALL, startsAt)).toBe(2);
    // Full as committed: refused as the take would refuse it, with nothing held or written.
    expectFailure(await preBook(b, visit), 'slotNotAvailable');
    const heldByB = await t.app.db.select().from(slotHolds).where(eq(slotHolds.userId, b.user.id));
    expect(heldByB).toEqual([]);
    // Their own places count as free to the member: starting again (back from review, the
    // same time, by name or not) gives them back first, then takes them again.
    const again = await hold(a, { ...visit, guests: ['Bo Lee'] });
    expect(again.holdId).not.toBe(first.holdId);
    const named = await hold(a, { ...visit, replaceHoldId: again.holdId });
    expect(await takenAt(SMALL, startsAt)).toBe(1);
    const open = await t.app.db
      .select({ id: slotHolds.id })
      .from(slotHolds)
      .where(and(eq(slotHolds.userId, a.user.id), isNull(slotHolds.releasedAt)));
    expect(open).toEqual([{ id: named.holdId }]);
    expect(ok<Hold>(await preBook(b, visit)).secondsLeft).toBeGreaterThan(0);
    expect(await takenAt(SMALL, startsAt)).toBe(2);
  });
});

describe('the memberships that pay passes', () => {
  it('select-num lists the in-use membership first with passes left; available-passes answers one', async () => {
    const m = await member({ passesPerYear: 3 });
    const second = await insertMembership(t.app.db, {
      userId: m.user.id,
      registeredAt: new Date('2025-06-01'),
      status: 'suspended',
    });
    const list = ok<{ dpid: string; usable: boolean }[]>(
      await t.call(calls.selectMembership, {}, m.headers),
    );
    expect(list).toEqual([
      {
        dpid: m.own.dpid,
        cardType: 'black',
        status: 'active',
        passesLeft: 3,
        usable: true,
        inUse: true,
        guestsPerVisit: 3,
      },
      {
        dpid: second.dpid,
        cardType: 'black',
        status: 'suspended',
        passesLeft: 0,
        usable: false,
        inUse: false,
        guestsPerVisit: 3,
      },
    ]);
    expect(ok(await t.call(calls.availablePasses, { dpid: second.dpid }, m.headers))).toMatchObject(
      { usable: false, status: 'suspended' },
    );
    const other = await member();
    expectFailure(
      await t.call(calls.availablePasses, { dpid: m.own.dpid }, other.headers),
      'notFound',
    );
  });
});

describe('the booking in progress: cardholder details, price and review', () => {
  it("starts from the member's details, saves confirmed ones, and reviews everything", async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 1 });
    const h = await hold(m, { guests: ['Bo Lee'], date: '2026-12-03', time: '14:30' });
    const details = ok(await t.call(calls.cardholderDetails, { holdId: h.holdId }, m.headers));
    expect(details).toMatchObject({ firstName: 'Ann', email: m.user.email, confirmed: false });
    const confirmed = await t.call(
      calls.confirmCardholderDetails,
      {
        holdId: h.holdId,
        firstName: 'Ann',
        lastName: 'Other',
        email: 'ann.other@example.com',
        mobileNoPrefix: '44',
        mobileNo: '7400123456',
      },
      m.headers,
    );
    expect(ok(confirmed)).toMatchObject({ lastName: 'Other', confirmed: true });
    const price = ok(await t.call(calls.orderPrice, { holdId: h.holdId }, m.headers));
    expect(price).toMatchObject({ passesUsed: 1, paidPassengers: 1, total: { amount: 3500 } });
    const review = ok<BookingReview>(
      await t.call(calls.reviewDetails, { holdId: h.holdId }, m.headers),
    );
    expect(review).toMatchObject({
      date: '2026-12-03',
      time: '14:30',
      flightNumber: 'BA1234',
      passengerNames: [`Ann ${m.user.lastName}`, 'Bo Lee'],
      membership: { dpid: m.own.dpid, passesLeft: 1 },
      contact: { email: 'ann.other@example.com', confirmed: true },
      cancellation: { noticeHours: 48, refundWorkingDays: 5 },
      lounge: { code: LOUNGE },
    });
  });

  it("answers 'Session expired' once the hold lapsed, and notFound for another member's hold", async () => {
    t.clock.set(START);
    const m = await member();
    const h = await hold(m);
    const other = await member();
    expectFailure(
      await t.call(calls.reviewDetails, { holdId: h.holdId }, other.headers),
      'notFound',
    );
    t.clock.advance(10 * 60_000);
    for (const call of [calls.cardholderDetails, calls.orderPrice, calls.reviewDetails]) {
      expectFailure(await t.call(call, { holdId: h.holdId }, m.headers), 'prebookSessionExpired');
    }
    expectFailure(await pay(m, h.holdId), 'prebookSessionExpired');
  });

  it("answers a hold id that is no uuid as nobody's hold, and starts afresh when told to replace one", async () => {
    t.clock.set(START);
    const m = await member();
    for (const holdId of ['-'.repeat(36), 'not-a-hold', `${'0'.repeat(35)}g`]) {
      expectFailure(await t.call(calls.cardholderDetails, { holdId }, m.headers), 'notFound');
      expectFailure(await pay(m, holdId), 'notFound');
    }
    const h = await hold(m, { time: '13:00', replaceHoldId: '-'.repeat(36) });
    expect(h.secondsLeft).toBeGreaterThan(0);
  });
});

describe('lounge/pre-book/prepare-order/v2a and check-payment-status/v2a', () => {
  it('a booking passes cover needs no card: confirmed at once, passes spent, places kept, email queued', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 2 });
    const h = await hold(m, { date: '2026-12-04', time: '07:00' });
    const state = ok<BookingOrderState>(await pay(m, h.holdId));
    expect(state).toMatchObject({
      outcome: 'fulfilled',
      amount: 0,
      booking: {
        date: '2026-12-04',
        time: '07:00',
        timeZone: 'Europe/London',
        loungeName: 'Alpha Lounge',
      },
    });
    expect(state.booking?.qr).toMatch(/^BK1\.LB[A-Z0-9]{8}\.[\w-]+$/);
    expect(await passesLeftOf(m.own.dpid)).toBe(1);
    expect(await takenAt(LOUNGE, '2026-12-04T07:00:00Z')).toBe(1);
    const [email] = await messagesTo(t, m.user.email, 'email');
    expect(email?.subject).toBe(`Lounge booking confirmed: ${state.booking?.bookingId}`);
    expect(email?.body).toContain('Fri 4 Dec 2026 at 07:00 local time (Europe/London)');
    // With the confirmation PDF (and its desk QR) and the calendar file, made as it is sent.
    const files = await t.app.outboxFiles.render(email!);
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      [`booking-${state.booking?.bookingId}.pdf`, 'application/pdf'],
      [`booking-${state.booking?.bookingId}.ics`, 'text/calendar; charset=utf-8'],
    ]);
    const pdf = pdfText(files[0]!.content).join(' ');
    expect(pdf).toContain(state.booking!.bookingId);
    expect(pdf).toContain('Show this code at the lounge desk');
    expect(files[1]!.content.toString('utf8')).toContain('DTSTART:20261204T070000Z');
    // The booking is under Booked, with its fields.
    const list = ok<{ items: Record<string, unknown>[] }>(
      await t.call(calls.bookingList, { tab: 'booked' }, m.headers),
    );
    expect(list.items).toEqual([
      expect.objectContaining({
        bookingId: state.booking?.bookingId,
        visitDate: '2026-12-04',
        visitTime: '07:00',
        passengers: 1,
        passesUsed: 1,
        flightNumber: 'BA1234',
      }),
    ]);
  });

  it('pays by the rows of the lounge and the membership another process changed since the hold', async () => {
    t.clock.set(START);
    keepCatalogueReads();
    const code = 'NQY-LNG-4';
    const m = await member({ passesPerYear: 2 });
    const h = await hold(m, { code, date: '2026-12-04', time: '09:00' });
    // Written as another process would: this one still keeps the lounge it read.
    await t.app.db
      .update(memberships)
      .set({ status: 'suspended' })
      .where(eq(memberships.dpid, m.own.dpid));
    expectFailure(await pay(m, h.holdId), 'membershipSuspended');
    await t.app.db
      .update(memberships)
      .set({ status: 'active' })
      .where(eq(memberships.dpid, m.own.dpid));
    await t.app.db.update(products).set({ active: false }).where(eq(products.id, code));
    expectFailure(await pay(m, h.holdId), 'prebookSessionExpired');
    expect(await passesLeftOf(m.own.dpid)).toBe(2);
  });

  it('guests beyond the passes pay by card: one charge, the card on the booking', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 1 });
    const cardId = await savedCard(t, m.user.id, PAYS);
    const h = await hold(m, { date: '2026-12-05', guests: ['Bo Lee'] });
    const idempotencyKey = key();
    const state = ok<BookingOrderState>(await pay(m, h.holdId, cardId, idempotencyKey));
    expect(state).toMatchObject({ outcome: 'fulfilled', amount: 3500, currency: 'GBP' });
    expect(state.lines).toEqual([
      {
        item: 'lounge-pass',
        description: 'Lounge visit on a membership pass',
        quantity: 1,
        unitAmount: 0,
      },
      {
        item: 'lounge-visit',
        description: 'Lounge visit, Alpha Lounge',
        quantity: 1,
        unitAmount: 3500,
      },
    ]);
    // A retry with the same key: the same order, never a second charge.
    const again = ok<BookingOrderState>(await pay(m, h.holdId, cardId, idempotencyKey));
    expect(again.orderId).toBe(state.orderId);
    expect(
      provider.psp.app.sandbox.store.snapshot().payments.filter((p) => p.orderId === state.orderId),
    ).toHaveLength(1);
    // Another key for the same hold is refused.
    expectFailure(await pay(m, h.holdId, cardId), 'orderKeyReused');
    const [booking] = await t.app.db
      .select()
      .from(bookings)
      .where(eq(bookings.orderId, state.orderId));
    expect(booking).toMatchObject({ amount: 3500, passesUsed: 1, passengers: 2, places: 2 });
    expect(booking?.cardLabel).toMatch(/1111$/);
  });

  it('Booking Successful tells what the email and PDF do: where, the way there, who, what was paid (issue 60)', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 1 });
    const cardId = await savedCard(t, m.user.id, PAYS);
    const h = await hold(m, { date: '2026-12-06', guests: ['Bo Lee'], infants: 1 });
    const details = {
      terminal: 'Terminal 1',
      side: 'airside',
      directions: 'Terminal 1, after security: turn left.',
      passengerNames: [`Ann Booker${serial}`, 'Bo Lee'],
      infants: 1,
      passesUsed: 1,
      paid: { amount: 3500, currency: 'GBP' },
      paymentCard: expect.stringMatching(/1111$/) as unknown,
    };
    const paid = ok<BookingOrderState>(await pay(m, h.holdId, cardId));
    expect(paid.booking?.details).toEqual(details);
    // As the result page asks it again.
    const state = ok<BookingOrderState>(
      await t.call(calls.checkBookingPayment, { orderId: paid.orderId }, m.headers),
    );
    expect(state.booking?.details).toEqual(details);
  });

  it('a guest fee needs a card of the member', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 0 });
    const h = await hold(m, { date: '2026-12-06' });
    expectFailure(await pay(m, h.holdId), 'notFound');
    const other = await member();
    const theirs = await savedCard(t, other.user.id, PAYS);
    expectFailure(await pay(m, h.holdId, theirs), 'notFound');
  });

  it('3-D Secure: authenticate, then the status call confirms the booking', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 0 });
    const cardId = await savedCard(t, m.user.id, CHALLENGES);
    const h = await hold(m, { date: '2026-12-07' });
    const asked = ok<BookingOrderState>(await pay(m, h.holdId, cardId));
    expect(asked.outcome).toBe('authenticate');
    const back = await answerChallenge(asked.threeDSRedirectUrl!, 'approve');
    expect(back.pathname).toBe('/prebooking/payment');
    const settled = ok<BookingOrderState>(
      await t.call(calls.checkBookingPayment, { orderId: asked.orderId }, m.headers),
    );
    expect(settled).toMatchObject({ outcome: 'fulfilled', booking: { date: '2026-12-07' } });
    const other = await member();
    expectFailure(
      await t.call(calls.checkBookingPayment, { orderId: asked.orderId }, other.headers),
      'notFound',
    );
  });

  it('a declined card: Payment Unsuccessful, the places and the passes back at once', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 1 });
    const cardId = await savedCard(t, m.user.id, DECLINES);
    const before = await takenAt(LOUNGE, '2026-12-08T12:00:00Z');
    const h = await hold(m, { date: '2026-12-08', guests: ['Bo Lee'] });
    expect(await takenAt(LOUNGE, '2026-12-08T12:00:00Z')).toBe(before + 2);
    const state = ok<BookingOrderState>(await pay(m, h.holdId, cardId));
    expect(state.outcome).toBe('failed');
    expect(await takenAt(LOUNGE, '2026-12-08T12:00:00Z')).toBe(before);
    expect(await passesLeftOf(m.own.dpid)).toBe(1);
    const [row] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, h.holdId));
    expect(row?.releaseReason).toBe('failed');
    expectFailure(await pay(m, h.holdId, cardId), 'prebookSessionExpired');
  });

  it('a payment approved after the hold lapsed and the slot filled is refunded: Booking Unsuccessful', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 0 });
    const cardId = await savedCard(t, m.user.id, CHALLENGES);
    const h = await hold(m, { code: SMALL, date: '2026-12-09', time: '10:00', guests: ['Bo Lee'] });
    const asked = ok<BookingOrderState>(await pay(m, h.holdId, cardId));
    // Held while the bank is asked, until the engine would give up (30 minutes).
    const releasedAt = async () =>
      (await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, h.holdId)))[0]?.releasedAt;
    t.clock.advance(29 * 60_000);
    await t.app.sweepHolds();
    expect(await releasedAt()).toBeNull();
    t.clock.advance(2 * 60_000);
    await t.app.sweepHolds();
    expect(await releasedAt()).toBeInstanceOf(Date);
    const rival = await member({ passesPerYear: 2 });
    await hold(rival, { code: SMALL, date: '2026-12-09', time: '10:00', guests: ['Di Roe'] });
    await answerChallenge(asked.threeDSRedirectUrl!, 'approve');
    const settled = ok<BookingOrderState>(
      await t.call(calls.checkBookingPayment, { orderId: asked.orderId }, m.headers),
    );
    expect(settled).toMatchObject({ outcome: 'failed', failureReason: 'places-gone' });
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, asked.orderId));
    expect(order?.status).toBe('refund-pending');
    expect(
      await t.app.db.select().from(bookings).where(eq(bookings.orderId, asked.orderId)),
    ).toEqual([]);
    expect(await takenAt(SMALL, '2026-12-09T10:00:00Z')).toBe(2);
  });

  it('what was paid for gone while the bank asked (the passes spent, the member deleted): refunded, nothing of it kept', async () => {
    for (const gone of ['passes-gone', 'member-gone'] as const) {
      t.clock.set(START);
      const m = await member({ passesPerYear: 1 });
      const cardId = await savedCard(t, m.user.id, CHALLENGES);
      const h = await hold(m, { date: '2026-12-12', guests: ['Bo Lee'] });
      const asked = ok<BookingOrderState>(await pay(m, h.holdId, cardId));
      expect(asked.outcome).toBe('authenticate');
      if (gone === 'passes-gone') {
        await t.app.db
          .update(memberships)
          .set({ passesUsed: 1 })
          .where(eq(memberships.dpid, m.own.dpid));
      } else {
        await t.app.db
          .update(users)
          .set({ deletedAt: new Date(START) })
          .where(eq(users.id, m.user.id));
      }
      await answerChallenge(asked.threeDSRedirectUrl!, 'approve');
      const [order] = await t.app.db.select().from(orders).where(eq(orders.id, asked.orderId));
      expect(await t.app.checkout.settle(order!)).toMatchObject({
        outcome: 'failed',
        reason: gone,
      });
      const [after] = await t.app.db.select().from(orders).where(eq(orders.id, asked.orderId));
      expect(after).toMatchObject({ status: 'refund-pending', failureReason: gone });
      expect(
        await t.app.db.select().from(bookings).where(eq(bookings.orderId, asked.orderId)),
      ).toEqual([]);
      // The confirmation went with the rest: the hold is still live, for the sweeper to end.
      const [held] = await t.app.db.select().from(slotHolds).where(eq(slotHolds.id, h.holdId));
      expect(held?.releasedAt).toBeNull();
      expect(await passesLeftOf(m.own.dpid)).toBe(gone === 'passes-gone' ? 0 : 1);
    }
  });

  it('a payment approved after the hold lapsed still books while places are left', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 0 });
    const cardId = await savedCard(t, m.user.id, CHALLENGES);
    const h = await hold(m, { date: '2026-12-10' });
    const asked = ok<BookingOrderState>(await pay(m, h.holdId, cardId));
    t.clock.advance(31 * 60_000);
    await t.app.sweepHolds();
    await answerChallenge(asked.threeDSRedirectUrl!, 'approve');
    const settled = ok<BookingOrderState>(
      await t.call(calls.checkBookingPayment, { orderId: asked.orderId }, m.headers),
    );
    expect(settled.outcome).toBe('fulfilled');
    expect(await takenAt(LOUNGE, '2026-12-10T12:00:00Z')).toBe(1);
  });
});

describe('the hold sweeper', () => {
  it('gives the places of a lapsed hold back exactly once', async () => {
    t.clock.set(START);
    const m = await member();
    await hold(m, { date: '2026-12-11', guests: ['Bo Lee'] });
    expect(await takenAt(LOUNGE, '2026-12-11T12:00:00Z')).toBe(2);
    t.clock.advance(9 * 60_000);
    expect(await t.app.sweepHolds()).toBe(0);
    t.clock.advance(60_000);
    expect(await t.app.sweepHolds()).toBe(1);
    expect(await t.app.sweepHolds()).toBe(0);
    expect(await takenAt(LOUNGE, '2026-12-11T12:00:00Z')).toBe(0);
  });
});

describe('after booking: PDF, cancellation and check-in', () => {
  async function booked(m: Member, request: HoldRequest = {}, cardId?: string) {
    const h = await hold(m, request);
    const state = ok<BookingOrderState>(await pay(m, h.holdId, cardId));
    expect(state.outcome).toBe('fulfilled');
    return state;
  }

  it('pdf-stream answers the confirmation PDF of a lounge booking of the member', async () => {
    t.clock.set(START);
    const m = await member();
    const state = await booked(m, { date: '2026-12-12' });
    const bookingId = state.booking!.bookingId;
    const response = await t.app.inject({
      method: 'POST',
      url: `/client-api${calls.loungeBookingPdf.path}`,
      headers: { channel: 'ASE', ...m.headers },
      payload: { bookingId },
    });
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(pdfText(response.rawPayload)).toContain(bookingId);
    const other = await member();
    expectFailure(await t.call(calls.loungeBookingPdf, { bookingId }, other.headers), 'notFound');
  });

  it('the .ics of a booking: the visit in UTC, the local time, address and Booking ID in its text', async () => {
    t.clock.set(START);
    const m = await member();
    // In summer time: 12:00 in London is 11:00 UTC.
    const state = await booked(m, { date: '2027-05-20', time: '12:00' });
    const bookingId = state.booking!.bookingId;
    const response = await t.app.inject({
      method: 'POST',
      url: `/client-api${calls.bookingCalendarFile.path}`,
      headers: { channel: 'ASE', ...m.headers },
      payload: { bookingId },
    });
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="booking-${bookingId}.ics"`,
    );
    const ics = response.body.replace(/\r\n[ \t]/g, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR/);
    expect(ics).toContain('DTSTART:20270520T110000Z');
    expect(ics).toContain('DURATION:PT3H');
    expect(ics).toContain(`UID:${bookingId}@lounge-portal`);
    expect(ics).toContain('SUMMARY:Lounge visit: Alpha Lounge');
    expect(ics).toContain('2027-05-20 at 12:00 local time (Europe/London)');
    expect(ics).toContain('LOCATION:Alpha Lounge\\, Terminal 1');
    const other = await member();
    expectFailure(
      await t.call(calls.bookingCalendarFile, { bookingId }, other.headers),
      'notFound',
    );
  });

  it('cancelled 48 hours ahead: card refund through the engine, passes and places back', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 1 });
    const cardId = await savedCard(t, m.user.id, PAYS);
    const state = await booked(m, { date: '2026-12-13', guests: ['Bo Lee'] }, cardId);
    expect(await passesLeftOf(m.own.dpid)).toBe(0);
    expect(await takenAt(LOUNGE, '2026-12-13T12:00:00Z')).toBe(2);
    const cancelled = ok<Record<string, unknown>>(
      await t.call(calls.cancelBooking, { bookingId: state.booking!.bookingId }, m.headers),
    );
    expect(cancelled).toMatchObject({
      tab: 'cancelled',
      refund: { state: 'pending', amount: { amount: 3500 }, passesReturned: 1 },
    });
    expect(await passesLeftOf(m.own.dpid)).toBe(1);
    expect(await takenAt(LOUNGE, '2026-12-13T12:00:00Z')).toBe(0);
    const [pending] = await t.app.db.select().from(orders).where(eq(orders.id, state.orderId));
    expect(pending?.status).toBe('refund-pending');
    await t.app.checkout.refund();
    const [refunded] = await t.app.db.select().from(orders).where(eq(orders.id, state.orderId));
    expect(refunded?.status).toBe('refunded');
    const [row] = await t.app.db.select().from(bookings).where(eq(bookings.orderId, state.orderId));
    expect(row?.refundState).toBe('refunded');
    // The day is free again.
    ok(
      await t.call(
        calls.checkTimeRule,
        { code: LOUNGE, date: '2026-12-13', time: '12:00' },
        m.headers,
      ),
    );
  });

  it('the desk checks a booking in from 1 hour before to 3 hours after, once; then it is past', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 3 });
    const state = await booked(m, { date: '2026-12-14', time: '12:00', guests: ['Bo Lee'] });
    const late = await booked(m, { date: '2026-12-15', time: '12:00' });
    const qr = state.booking!.qr;
    expect(await checkIn('BK1.LBAAAAAAAA.forged')).toEqual({ valid: false, reason: 'malformed' });
    t.clock.set('2026-12-14T10:59:00Z');
    expect(await checkIn(qr)).toEqual({ valid: false, reason: 'too-early' });
    t.clock.set('2026-12-14T11:00:00Z');
    expect(await checkIn(qr)).toMatchObject({
      valid: true,
      bookingId: state.booking!.bookingId,
      visitDate: '2026-12-14',
      visitTime: '12:00',
      passengers: 2,
    });
    expect(await checkIn(qr)).toEqual({ valid: false, reason: 'already-used' });
    const [visit] = await t.app.db.select().from(visits).where(eq(visits.userId, m.user.id));
    expect(visit).toMatchObject({ productId: LOUNGE, guests: 1, passesUsed: 2 });
    const session = {
      authorization: `Bearer ${await createSession(t.app.db, m.user.id, t.clock.now())}`,
    };
    const past = ok<{ items: { bookingId: string }[] }>(
      await t.call(calls.bookingList, { tab: 'past' }, session),
    );
    expect(past.items.map((b) => b.bookingId)).toEqual([state.booking!.bookingId]);

    t.clock.set('2026-12-15T15:01:00Z');
    expect(await checkIn(late.booking!.qr)).toEqual({ valid: false, reason: 'too-late' });
  });
});

describe('lounge/amend', () => {
  async function bookedFor(m: Member, request: HoldRequest, cardId?: string) {
    const h = await hold(m, request);
    const state = ok<BookingOrderState>(await pay(m, h.holdId, cardId));
    expect(state.outcome).toBe('fulfilled');
    return state;
  }
  const amend = (m: Member, payload: Record<string, unknown>) =>
    t.call(
      calls.amendBooking,
      unchecked({ date: '2026-12-20', time: '12:00', guests: [], ...payload }),
      m.headers,
    );

  it('a booking paid by card pays for an added guest by card, as quoted before saving (issue 60, item 3)', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 2 });
    const cardId = await savedCard(t, m.user.id, PAYS);
    // Booked with "No passes: pay by card": no membership named.
    const state = await bookedFor(m, { date: '2027-01-12', dpid: undefined }, cardId);
    const bookingId = state.booking!.bookingId;
    const change = { bookingId, date: '2027-01-12', time: '12:00', guests: ['Bo Lee'] };
    // Quoted first: by card, as the booking was, though the membership has passes.
    expect(ok<ChangeQuote>(await t.call(calls.amendQuote, unchecked(change), m.headers))).toEqual({
      passengers: 2,
      passes: 'card',
      passesLeft: 2,
      passesUsed: 0,
      paidGuests: 1,
      charge: { amount: 3500, currency: 'GBP' },
      passesReturned: 0,
      refund: { amount: 0, currency: 'GBP' },
    });
    // Saved: the card pays, no pass is spent without asking.
    const asked = ok<Extract<Amended, { outcome: 'payment-required' }>>(await amend(m, change));
    expect(asked.hold.price).toMatchObject({ passesUsed: 0, total: { amount: 3500 } });
    expect(await passesLeftOf(m.own.dpid)).toBe(2);
    // The member may choose passes instead: quoted, then saved, as asked.
    const onPasses = { ...change, passes: 'use' };
    expect(
      ok<ChangeQuote>(await t.call(calls.amendQuote, unchecked(onPasses), m.headers)),
    ).toMatchObject({ passes: 'use', passesUsed: 1, paidGuests: 0, charge: { amount: 0 } });
    expect(ok<Record<string, unknown>>(await amend(m, onPasses))).toMatchObject({
      outcome: 'changed',
      passesUsed: 1,
    });
    expect(await passesLeftOf(m.own.dpid)).toBe(1);
    // A quote for removing the guest again: card money back first (the rule of removals).
    expect(
      ok<ChangeQuote>(
        await t.call(calls.amendQuote, unchecked({ ...change, guests: [] }), m.headers),
      ),
    ).toMatchObject({ passengers: 1, passesReturned: 0, refund: { amount: 3500 } });
  });

  it('changes the flight alone: nothing paid, no places moved, shown in the booking detail (issue 60)', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 2 });
    const state = await bookedFor(m, { date: '2027-01-14', time: '12:00' });
    const bookingId = state.booking!.bookingId;
    const change = { bookingId, date: '2027-01-14', time: '12:00', flightNumber: 'ez 123' };
    expect(
      ok<ChangeQuote>(await t.call(calls.amendQuote, unchecked(change), m.headers)),
    ).toMatchObject({
      passengers: 1,
      passesUsed: 0,
      paidGuests: 0,
      charge: { amount: 0 },
      passesReturned: 0,
      refund: { amount: 0 },
    });
    expect(ok<Record<string, unknown>>(await amend(m, change))).toMatchObject({
      outcome: 'changed',
      booking: { bookingId, date: '2027-01-14', time: '12:00' },
      passesUsed: 0,
      passesReturned: 0,
      refund: { amount: 0 },
    });
    expect(await takenAt(LOUNGE, '2027-01-14T12:00:00Z')).toBe(1);
    expect(await passesLeftOf(m.own.dpid)).toBe(1);
    const detail = ok<{ flightNumber: string }>(
      await t.call(calls.bookingDetail, { bookingId }, m.headers),
    );
    expect(detail.flightNumber).toBe('EZ123');
    const [email] = (await messagesTo(t, m.user.email, 'email')).filter((e) =>
      e.subject?.startsWith('Lounge booking changed'),
    );
    expect(email?.body).toContain('Flight: EZ123.');
    // An invalid flight is refused as pre-book refuses it, and the booking kept as it is.
    expectFailure(await amend(m, { ...change, flightNumber: 'NOT A FLIGHT' }), 'invalidRequest');
    expectFailure(
      await t.call(calls.amendQuote, unchecked({ ...change, flightNumber: '12' }), m.headers),
      'invalidRequest',
    );
    // A change without a flight keeps the one booked.
    ok(await amend(m, { bookingId, date: '2027-01-14', time: '12:30' }));
    expect(
      ok<{ flightNumber: string }>(await t.call(calls.bookingDetail, { bookingId }, m.headers))
        .flightNumber,
    ).toBe('EZ123');
  });

  it('moves the visit to another day and time: the places move in one step', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 2 });
    const state = await bookedFor(m, { date: '2026-12-20', time: '12:00', guests: ['Bo Lee'] });
    const bookingId = state.booking!.bookingId;
    expect(await takenAt(LOUNGE, '2026-12-20T12:00:00Z')).toBe(2);
    const amended = ok<Record<string, unknown>>(
      await amend(m, { bookingId, date: '2026-12-21', time: '15:30', guests: ['Bo Lee'] }),
    );
    expect(amended).toMatchObject({
      outcome: 'changed',
      booking: { bookingId, date: '2026-12-21', time: '15:30' },
      passengers: 2,
      passesUsed: 0,
      passesReturned: 0,
      refund: { amount: 0, currency: 'GBP' },
    });
    expect(await takenAt(LOUNGE, '2026-12-20T12:00:00Z')).toBe(0);
    expect(await takenAt(LOUNGE, '2026-12-21T15:30:00Z')).toBe(2);
    const [email] = (await messagesTo(t, m.user.email, 'email')).filter((e) =>
      e.subject?.startsWith('Lounge booking changed'),
    );
    expect(email?.body).toContain('Mon 21 Dec 2026 at 15:30 local time');
    // Its new documents: the confirmation and the calendar entry at the new time (issue 60,
    // item 8), the event's UID the booking's so a calendar moves it.
    const files = await t.app.outboxFiles.render(email!);
    expect(files.map((f) => f.filename)).toEqual([
      `booking-${bookingId}.pdf`,
      `booking-${bookingId}.ics`,
    ]);
    const ics = files[1]!.content.toString('utf8');
    expect(ics).toContain('DTSTART:20261221T153000Z');
    expect(ics).toContain(`UID:${bookingId}@lounge-portal`);
    expect(pdfText(files[0]!.content).join(' ')).toContain('15:30');
  });

  it('adds a guest on a pass; one no pass covers is held and charged, the change made once paid', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 2 });
    const cardId = await savedCard(t, m.user.id, PAYS);
    const state = await bookedFor(m, { date: '2026-12-22' });
    const bookingId = state.booking!.bookingId;
    const amended = ok<Record<string, unknown>>(
      await amend(m, { bookingId, date: '2026-12-22', guests: ['Bo Lee'] }),
    );
    expect(amended).toMatchObject({ outcome: 'changed', passengers: 2, passesUsed: 1 });
    expect(await passesLeftOf(m.own.dpid)).toBe(0);
    const [passMail] = (await messagesTo(t, m.user.email, 'email')).filter((e) =>
      e.subject?.startsWith('Lounge booking changed'),
    );
    expect(passMail?.body).toContain('1 pass used from your membership for the guests added.');
    expect(await takenAt(LOUNGE, '2026-12-22T12:00:00Z')).toBe(2);

    // A third passenger no pass covers: the place held, priced, and the booking as it was.
    const asked = ok<Extract<Amended, { outcome: 'payment-required' }>>(
      await amend(m, { bookingId, date: '2026-12-22', guests: ['Bo Lee', 'Cy Lee'] }),
    );
    expect(asked).toMatchObject({
      outcome: 'payment-required',
      hold: {
        price: { passengers: 1, passesUsed: 0, paidPassengers: 1, total: { amount: 3500 } },
      },
    });
    expect(await takenAt(LOUNGE, '2026-12-22T12:00:00Z')).toBe(3);
    const [before] = await t.app.db
      .select()
      .from(bookings)
      .where(eq(bookings.reference, bookingId));
    expect(before).toMatchObject({ places: 2, amount: 0 });
    // It is paid for, never reviewed as a booking.
    expectFailure(
      await t.call(calls.reviewDetails, { holdId: asked.hold.holdId }, m.headers),
      'notFound',
    );

    const idempotencyKey = key();
    const paid = ok<BookingOrderState>(await pay(m, asked.hold.holdId, cardId, idempotencyKey));
    expect(paid).toMatchObject({
      outcome: 'fulfilled',
      amount: 3500,
      booking: { bookingId, date: '2026-12-22', time: '12:00' },
    });
    // A retry answers the same order; nothing is charged or changed twice.
    const again = ok<BookingOrderState>(await pay(m, asked.hold.holdId, cardId, idempotencyKey));
    expect(again.orderId).toBe(paid.orderId);
    expect(
      provider.psp.app.sandbox.store.snapshot().payments.filter((p) => p.orderId === paid.orderId),
    ).toHaveLength(1);
    const [after] = await t.app.db.select().from(bookings).where(eq(bookings.reference, bookingId));
    expect(after).toMatchObject({ places: 3, passengers: 3, amount: 3500, passesUsed: 2 });
    expect(after?.passengerNames).toEqual([`Ann ${m.user.lastName}`, 'Bo Lee', 'Cy Lee']);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, paid.orderId));
    expect(order).toMatchObject({ purpose: 'lounge-amend', subject: after?.id });
    expect(await takenAt(LOUNGE, '2026-12-22T12:00:00Z')).toBe(3);
    const changedMail = (await messagesTo(t, m.user.email, 'email')).filter((e) =>
      e.subject?.startsWith('Lounge booking changed'),
    );
    // One email per change (rows of one frozen moment come back in no set order).
    expect(changedMail).toHaveLength(2);
    expect(changedMail.map((e) => e.body).join('\n')).toContain(
      'We have charged £35.00 to your card',
    );

    // Cancelled: the change's payment is refunded with the booking, both passes back.
    const cancelled = ok<Record<string, unknown>>(
      await t.call(calls.cancelBooking, { bookingId }, m.headers),
    );
    expect(cancelled).toMatchObject({ refund: { amount: { amount: 3500 }, passesReturned: 2 } });
    await t.app.checkout.refund();
    const [refunded] = await t.app.db.select().from(orders).where(eq(orders.id, paid.orderId));
    expect(refunded).toMatchObject({ status: 'refunded', refundedAmount: 3500 });
    const [gone] = await t.app.db.select().from(bookings).where(eq(bookings.reference, bookingId));
    expect(gone?.refundState).toBe('refunded');
    expect(await takenAt(LOUNGE, '2026-12-22T12:00:00Z')).toBe(0);
    expect(await passesLeftOf(m.own.dpid)).toBe(2);
  });

  it('a charged change to another time: the old places kept until it is paid; 3-D Secure comes back to the change', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 1 });
    const cardId = await savedCard(t, m.user.id, CHALLENGES);
    const state = await bookedFor(m, { date: '2026-12-28', time: '12:00' });
    const bookingId = state.booking!.bookingId;
    const asked = ok<Extract<Amended, { outcome: 'payment-required' }>>(
      await amend(m, { bookingId, date: '2026-12-28', time: '14:00', guests: ['Bo Lee'] }),
    );
    expect(await takenAt(LOUNGE, '2026-12-28T12:00:00Z')).toBe(1);
    expect(await takenAt(LOUNGE, '2026-12-28T14:00:00Z')).toBe(2);
    const challenged = ok<BookingOrderState>(await pay(m, asked.hold.holdId, cardId));
    expect(challenged.outcome).toBe('authenticate');
    const back = await answerChallenge(challenged.threeDSRedirectUrl!, 'approve');
    expect(back.pathname).toBe('/prebooking/amend');
    expect(back.searchParams.get('bookingId')).toBe(bookingId);
    const settled = ok<BookingOrderState>(
      await t.call(calls.checkBookingPayment, { orderId: challenged.orderId }, m.headers),
    );
    expect(settled).toMatchObject({ outcome: 'fulfilled', booking: { bookingId, time: '14:00' } });
    expect(await takenAt(LOUNGE, '2026-12-28T12:00:00Z')).toBe(0);
    expect(await takenAt(LOUNGE, '2026-12-28T14:00:00Z')).toBe(2);

    // Guests removed later: the newest payment (the change's) is refunded first.
    ok(await amend(m, { bookingId, date: '2026-12-28', time: '14:00', guests: [] }));
    await t.app.checkout.refund();
    const [change] = await t.app.db.select().from(orders).where(eq(orders.id, challenged.orderId));
    expect(change).toMatchObject({ status: 'fulfilled', refundedAmount: 3500 });
  });

  it('a charged change whose card is declined, or whose booking changed meanwhile, leaves the booking as it was', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 0 });
    const declines = await savedCard(t, m.user.id, DECLINES);
    const pays = await savedCard(t, m.user.id, PAYS, { isDefault: false });
    const state = await bookedFor(m, { date: '2026-12-29', guests: ['Bo Lee'] }, pays);
    const bookingId = state.booking!.bookingId;
    const ask = () =>
      amend(m, { bookingId, date: '2026-12-29', guests: ['Bo Lee', 'Cy Lee'] }).then(
        (r) => ok<Extract<Amended, { outcome: 'payment-required' }>>(r).hold,
      );
    const first = await ask();
    // Asking again replaces the unpaid hold (its place back).
    const second = await ask();
    expect(await takenAt(LOUNGE, '2026-12-29T12:00:00Z')).toBe(3);
    expectFailure(await pay(m, first.holdId, pays), 'prebookSessionExpired');
    const declined = ok<BookingOrderState>(await pay(m, second.holdId, declines));
    expect(declined.outcome).toBe('failed');
    expect(await takenAt(LOUNGE, '2026-12-29T12:00:00Z')).toBe(2);

    // Priced, then the booking changed (a guest removed) before it was paid: refunded.
    const third = await ask();
    ok(await amend(m, { bookingId, date: '2026-12-29', guests: [] }));
    const voided = ok<BookingOrderState>(await pay(m, third.holdId, pays));
    expect(voided).toMatchObject({ outcome: 'failed', failureReason: 'booking-changed' });
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, voided.orderId));
    expect(order?.status).toBe('refund-pending');
    const [row] = await t.app.db.select().from(bookings).where(eq(bookings.reference, bookingId));
    expect(row).toMatchObject({ places: 1, passengers: 1, amount: 3500 });
    await t.app.sweepHolds();
    expect(await takenAt(LOUNGE, '2026-12-29T12:00:00Z')).toBe(1);
  });

  it("answers 'No passes available' when an added guest cannot pay: the lounge sells no visits", async () => {
    t.clock.set(START);
    await upsertProducts(
      t.app.db,
      [{ ...small, id: UNPRICED, price: null, maxGuests: 2 }],
      'import',
    );
    const m = await member({ passesPerYear: 1 });
    const state = await bookedFor(m, { code: UNPRICED, date: '2026-12-30', time: '09:00' });
    expectFailure(
      await amend(m, {
        bookingId: state.booking!.bookingId,
        date: '2026-12-30',
        time: '09:00',
        guests: ['Bo Lee'],
      }),
      'noPassesAvailable',
    );
    expect(await takenAt(UNPRICED, '2026-12-30T09:00:00Z')).toBe(1);
  });

  it("refunds a removed paying guest's share through the engine, and the rest on cancelling", async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 1 });
    const cardId = await savedCard(t, m.user.id, PAYS);
    const state = await bookedFor(m, { date: '2026-12-23', guests: ['Bo Lee', 'Cy Lee'] }, cardId);
    const bookingId = state.booking!.bookingId;
    expect(state.amount).toBe(7000);
    const amended = ok<Record<string, unknown>>(
      await amend(m, { bookingId, date: '2026-12-23', guests: ['Bo Lee'] }),
    );
    expect(amended).toMatchObject({ passengers: 2, refund: { amount: 3500 }, passesReturned: 0 });
    expect(await takenAt(LOUNGE, '2026-12-23T12:00:00Z')).toBe(2);
    await t.app.checkout.refund();
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, state.orderId));
    expect(order).toMatchObject({ status: 'fulfilled', refundedAmount: 3500, partRefund: 0 });
    const payment = provider.psp.app.sandbox.store
      .snapshot()
      .payments.find((p) => p.orderId === state.orderId);
    expect(payment?.refunds.map((r) => r.amount)).toEqual([3500]);
    // A second round refunds nothing more.
    await t.app.checkout.refund();
    expect(
      provider.psp.app.sandbox.store.snapshot().payments.find((p) => p.orderId === state.orderId)
        ?.refunds,
    ).toHaveLength(1);

    const cancelled = ok<Record<string, unknown>>(
      await t.call(calls.cancelBooking, { bookingId }, m.headers),
    );
    expect(cancelled).toMatchObject({ refund: { amount: { amount: 3500 }, passesReturned: 1 } });
    await t.app.checkout.refund();
    const [after] = await t.app.db.select().from(orders).where(eq(orders.id, state.orderId));
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: 7000 });
    expect(await takenAt(LOUNGE, '2026-12-23T12:00:00Z')).toBe(0);
  });

  it("adds guests up to the membership's guests per visit where the lounge takes more", async () => {
    t.clock.set(START);
    // The default issuer's membership brings 2 guests a visit; the lounge takes 4.
    const m = await member({ issuer: 'default', cardType: 'standard', passesPerYear: 3 });
    const state = await bookedFor(m, { date: '2027-01-07' });
    const bookingId = state.booking!.bookingId;
    const visit = { bookingId, date: '2027-01-07' };
    expectFailure(
      await amend(m, { ...visit, guests: ['Bo Lee', 'Cy Lee', 'Di Lee'] }),
      'tooManyGuests',
    );
    expectFailure(
      await amend(m, { ...visit, date: '2027-01-08', guests: ['Bo Lee', 'Cy Lee', 'Di Lee'] }),
      'tooManyGuests',
    );
    expect(await takenAt(LOUNGE, '2027-01-07T12:00:00Z')).toBe(1);
    const amended = ok<Record<string, unknown>>(
      await amend(m, { ...visit, guests: ['Bo Lee', 'Cy Lee'] }),
    );
    expect(amended).toMatchObject({ outcome: 'changed', passengers: 3, passesUsed: 2 });
  });

  it('refuses a change inside 48 hours, of a cancelled booking, or to a full, refused or taken day', async () => {
    t.clock.set(START);
    const m = await member({ passesPerYear: 4 });
    const first = await bookedFor(m, { date: '2026-12-24' });
    await bookedFor(m, { date: '2026-12-26' });
    const bookingId = first.booking!.bookingId;
    expectFailure(await amend(m, { bookingId: 'LBNOTMINE1', date: '2026-12-24' }), 'notFound');
    expectFailure(await amend(m, { bookingId, date: '2026-12-26' }), 'bookingLimitReached');
    expectFailure(
      await amend(m, {
        bookingId,
        date: '2026-12-24',
        guests: ['A One', 'B Two', 'C Three', 'D Four', 'E Five'],
      }),
      'tooManyGuests',
    );
    expectFailure(await amend(m, { bookingId, date: '2027-06-01' }), 'bookingOutsideWindow');
    expectFailure(
      await amend(m, { bookingId, date: '2026-12-24', time: '04:00' }),
      'slotNotAvailable',
    );
    const other = await member();
    expectFailure(await amend(other, { bookingId, date: '2026-12-25' }), 'notFound');
    t.clock.set('2026-12-22T12:00:01Z');
    const late = {
      authorization: `Bearer ${await createSession(t.app.db, m.user.id, t.clock.now())}`,
    };
    expectFailure(
      await t.call(
        calls.amendBooking,
        { bookingId, date: '2026-12-25', time: '12:00', guests: [], infants: 0 },
        late,
      ),
      'bookingNotAmendable',
    );
    t.clock.set(START);
    ok(await t.call(calls.cancelBooking, { bookingId }, m.headers));
    expectFailure(await amend(m, { bookingId, date: '2026-12-25' }), 'bookingAlreadyCancelled');
  });

  it('refuses a time whose places are taken', async () => {
    t.clock.set(START);
    const a = await member({ passesPerYear: 2 });
    const b = await member({ passesPerYear: 2 });
    await bookedFor(a, { code: SMALL, date: '2026-12-27', time: '08:00', guests: ['Bo Lee'] });
    const mine = await bookedFor(b, { code: SMALL, date: '2026-12-27', time: '09:00' });
    expectFailure(
      await amend(b, { bookingId: mine.booking!.bookingId, date: '2026-12-27', time: '08:00' }),
      'slotNotAvailable',
    );
    expect(await takenAt(SMALL, '2026-12-27T09:00:00Z')).toBe(1);
  });
});

describe('lounge/waitlist: tell me if a place frees up', () => {
  it('holds freed places for the first waiting member and emails a link; the rest wait', async () => {
    t.clock.set(START);
    const date = '2026-12-29';
    const a = await member({ passesPerYear: 2 });
    const b = await member({ passesPerYear: 2 });
    const c = await member({ passesPerYear: 2 });
    const d = await member({ passesPerYear: 2 });
    const h = await hold(a, { code: SMALL, date, time: '09:00', guests: ['Bo Lee'] });
    const booking = ok<BookingOrderState>(await pay(a, h.holdId));
    const query = { code: SMALL, date, time: '09:00' };
    expect(ok(await t.call(calls.joinWaitlist, { ...query, places: 2 }, b.headers))).toEqual({
      position: 1,
      places: 2,
    });
    t.clock.advance(1000);
    expect(ok(await t.call(calls.joinWaitlist, { ...query, places: 1 }, c.headers))).toEqual({
      position: 2,
      places: 1,
    });
    // Asking again keeps the place in the queue.
    expect(ok(await t.call(calls.joinWaitlist, { ...query, places: 2 }, b.headers))).toEqual({
      position: 1,
      places: 2,
    });
    expect(await t.app.notifyWaitlist()).toBe(0);

    ok(await t.call(calls.cancelBooking, { bookingId: booking.booking!.bookingId }, a.headers));
    expect(await t.app.notifyWaitlist()).toBe(1);
    const [email] = (await messagesTo(t, b.user.email, 'email')).filter((e) =>
      e.subject?.startsWith('A place is free'),
    );
    expect(email?.link).toMatch(
      new RegExp(`/prebooking/detail\\?code=${SMALL}&date=${date}&time=09%3A00&hold=`),
    );
    // The places are b's for now: nobody else gets them, and b's grid shows them free to b.
    expectFailure(await preBook(d, { ...query }), 'slotNotAvailable');
    const gridOf = async (m: Member) =>
      ok<{ slots: Slot[] }>(
        await t.call(calls.availableTimes, { code: SMALL, date, places: 2 }, m.headers),
      ).slots.find((slot) => slot.time === '09:00');
    expect(await gridOf(b)).toMatchObject({ placesLeft: 2, state: 'open' });
    expect(await gridOf(d)).toMatchObject({ placesLeft: 0, state: 'full' });
    expect(await t.app.notifyWaitlist()).toBe(0);
    // The held places are not paid for as they are (the hold names nobody and no flight).
    const waitingHold = new URL(email!.link!).searchParams.get('hold')!;
    expectFailure(await pay(b, waitingHold), 'prebookSessionExpired');
    // b books them with the link: the waiting hold is let go and its places taken at once.
    const booked = await hold(b, { ...query, guests: ['Di Roe'] });
    expect(booked.price.passengers).toBe(2);
    expect(await takenAt(SMALL, `${date}T09:00:00Z`)).toBe(2);
    expectFailure(
      await t.call(calls.joinWaitlist, { ...query, code: 'NQY-LNG-99', places: 1 }, c.headers),
      'notFound',
    );
  });
});
