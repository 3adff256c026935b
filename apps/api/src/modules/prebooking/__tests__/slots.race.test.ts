import { calls, type Amended, type BookingOrderState, type Hold } from '@portal/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, memberWithSession } from '../../../../test/call-helpers';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { savedCard } from '../../../../test/checkout-fixtures';
import { insertMembership } from '../../../../test/fixtures';
import { openWithProvider, type TestProvider } from '../../../../test/payment-provider';
import { raceAtLock } from '../../../../test/race';
import type { TestApp } from '../../../../test/test-app';
import { bookings, orders, productSlots, slotHolds } from '../../../db/schema';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';

/*
 * The slot inventory's guards on PostgreSQL (PGlite serves one connection at a time, so no
 * race can show there): places are taken by one conditional update, and a hold is released by
 * one conditional update, so nothing is oversold and nothing is given back twice.
 */

const START = '2026-11-25T10:00:00Z';
const TEN = 'NQY-LNG-8';
const DATE = '2026-12-02';
const TIME = '12:00';
const BOOKERS = 500;
const RACERS = 12;
const POOL = 40;
/** Amend-and-cancel races, one booking each: either may win each one. */
const ROUNDS = 10;

let provider: TestProvider;
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ provider, t, close } = await openWithProvider({ now: START, poolSize: POOL }));
  await upsertProducts(
    t.app.db,
    [
      { ...NQY_PRODUCTS[0]!, id: TEN, name: 'Ten Seats', capacityPerSlot: 10 },
      { ...NQY_PRODUCTS[0]!, id: 'NQY-LNG-9', name: 'Few Seats', capacityPerSlot: 10 },
    ],
    'import',
  );
}, 60_000);
afterAll(() => close());

let serial = 0;
async function booker(withCard: boolean, passesPerYear = 0) {
  serial += 1;
  const m = await memberWithSession(t, { email: `race.${serial}@example.com` });
  const own = await insertMembership(t.app.db, { userId: m.user.id, passesPerYear });
  const cardId = withCard ? await savedCard(t, m.user.id, '4111111111111111') : undefined;
  return { ...m, own, cardId };
}
type Booker = Awaited<ReturnType<typeof booker>>;

const preBook = (b: Booker, code: string) =>
  t.call(
    calls.startPreBooking,
    { code, date: DATE, time: TIME, flightNumber: 'BA1234', guests: [], dpid: b.own.dpid },
    b.headers,
  );

const takenIn = async (code: string) => {
  const [row] = await t.app.db
    .select({ taken: productSlots.taken, capacity: productSlots.capacity })
    .from(productSlots)
    .where(and(eq(productSlots.productId, code), eq(productSlots.localDate, DATE)));
  return row;
};

describe('guard: places are taken only while left (`taken + n <= capacity` in inventory.ts)', () => {
  it(`${BOOKERS} members book and pay for 10 places at once: 10 bookings, ${BOOKERS - 10} refusals, no double charge`, async () => {
    const members: Booker[] = [];
    for (let i = 0; i < BOOKERS; i += 25) {
      members.push(...(await Promise.all(Array.from({ length: 25 }, () => booker(true)))));
    }
    const outcomes = await Promise.all(
      members.map(async (b) => {
        const held = await preBook(b, TEN);
        if (held.body.state !== '1') return { held };
        const { holdId } = held.body.result as Hold;
        const paid = await t.call(
          calls.prepareBookingOrder,
          { holdId, cardId: b.cardId!, idempotencyKey: `race-${b.user.id}` },
          b.headers,
        );
        return { held, paid };
      }),
    );

    const refused = outcomes.filter((o) => o.held.body.state !== '1');
    expect(refused).toHaveLength(BOOKERS - 10);
    for (const { held } of refused) expectFailure(held, 'slotNotAvailable');
    const paid = outcomes.flatMap((o) => (o.paid ? [o.paid.body.result as BookingOrderState] : []));
    expect(paid.map((p) => p.outcome)).toEqual(Array(10).fill('fulfilled'));

    expect(await takenIn(TEN)).toEqual({ taken: 10, capacity: 10 });
    const [made] = await t.app.db
      .select({ n: count() })
      .from(bookings)
      .where(eq(bookings.productId, TEN));
    expect(made?.n).toBe(10);
    // One captured payment per order, ten orders: nobody charged twice, nobody charged for nothing.
    const orderIds = paid.map((p) => p.orderId);
    const payments = provider.psp.app.sandbox.store
      .snapshot()
      .payments.filter((p) => orderIds.includes(p.orderId));
    expect(payments).toHaveLength(10);
    expect(new Set(payments.map((p) => p.orderId)).size).toBe(10);
    const [charged] = await t.app.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.purpose, 'lounge-booking'), inArray(orders.id, orderIds)));
    expect(charged?.n).toBe(10);
  }, 120_000);

  it(`${RACERS} holds held after their read, before their write, for 10 places: exactly 10 are made`, async () => {
    const code = 'NQY-LNG-9';
    const racers = await Promise.all(Array.from({ length: RACERS }, () => booker(false)));
    // The slot's row made first, so every racer queues on the same row.
    const first = await booker(false);
    const warm = await preBook(first, code);
    expect(warm.body.state).toBe('1');
    const { holdId } = warm.body.result as Hold;
    await t.app.db
      .update(slotHolds)
      .set({ expiresAt: new Date(START) })
      .where(eq(slotHolds.id, holdId));
    expect(await t.app.sweepHolds()).toBe(1);

    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from product_slots where product_id = ${code} for update`,
      calls: racers.map((b) => () => preBook(b, code)),
    });
    expect(waited).toBe(RACERS);
    expect(results.filter((r) => r.body.state === '1')).toHaveLength(10);
    for (const lost of results.filter((r) => r.body.state !== '1'))
      expectFailure(lost, 'slotNotAvailable');
    expect(await takenIn(code)).toEqual({ taken: 10, capacity: 10 });
  }, 60_000);
});

describe('guard: a hold is released once (`released_at is null` in inventory.ts)', () => {
  it(`${RACERS / 2} sweepers and a late payment's release of one lapsed hold: its places come back once`, async () => {
    const code = TEN;
    // A slot of its own: another time that day.
    const b = await booker(false);
    const held = await t.call(
      calls.startPreBooking,
      {
        code,
        date: DATE,
        time: '15:00',
        flightNumber: 'BA1234',
        guests: ['Bo Lee', 'Cy Lee'],
        dpid: b.own.dpid,
      },
      b.headers,
    );
    expect(held.body.state).toBe('1');
    const { holdId } = held.body.result as Hold;
    const slotOf = async () => {
      const [row] = await t.app.db
        .select({ taken: productSlots.taken })
        .from(productSlots)
        .innerJoin(slotHolds, eq(slotHolds.slotId, productSlots.id))
        .where(eq(slotHolds.id, holdId));
      return row?.taken;
    };
    expect(await slotOf()).toBe(3);
    await t.app.db
      .update(slotHolds)
      .set({ expiresAt: new Date(new Date(START).getTime() - 1) })
      .where(eq(slotHolds.id, holdId));

    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from slot_holds where id = ${holdId} for update`,
      calls: Array.from({ length: RACERS / 2 }, () => () => t.app.sweepHolds()),
    });
    expect(waited).toBe(RACERS / 2);
    expect(results.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await slotOf()).toBe(0);
  }, 60_000);
});

describe('an amend and a cancel of one booking at once (the cancel reckons from the row it updates)', () => {
  it('10 bookings, each changed to another time and cancelled at once: the places count what is booked', async () => {
    const code = 'NQY-LNG-9';
    const date = '2026-12-05';
    let amendsWon = 0;
    let cancelsWon = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const b = await booker(false, 4);
      const held = await t.call(
        calls.startPreBooking,
        { code, date, time: '10:00', flightNumber: 'BA1234', guests: ['Bo Lee'], dpid: b.own.dpid },
        b.headers,
      );
      const { holdId } = held.body.result as Hold;
      const paid = await t.call(
        calls.prepareBookingOrder,
        { holdId, idempotencyKey: `amend-cancel-${i}-${b.user.id}` },
        b.headers,
      );
      const bookingId = (paid.body.result as BookingOrderState).booking!.bookingId;
      const [row] = await t.app.db.select().from(bookings).where(eq(bookings.reference, bookingId));
      const amend = () =>
        t.call(
          calls.amendBooking,
          { bookingId, date, time: '11:00', guests: ['Bo Lee', 'Cy Lee'], infants: 0 },
          b.headers,
        );
      const cancel = () => t.call(calls.cancelBooking, { bookingId }, b.headers);
      const { results, waited } = await raceAtLock(t, {
        lock: sql`select id from bookings where id = ${row!.id} for update`,
        calls: [amend, cancel],
      });
      expect(waited).toBe(2);
      const [amended, cancelled] = results;
      expect(cancelled!.body.state).toBe('1');
      if (amended!.body.state === '1') amendsWon += 1;
      else {
        expectFailure(amended!, 'bookingAlreadyCancelled');
        cancelsWon += 1;
      }
    }
    // Whichever went first, nothing is held for a cancelled booking, and passes all came back.
    const slots = await t.app.db
      .select({ time: productSlots.localTime, taken: productSlots.taken })
      .from(productSlots)
      .where(and(eq(productSlots.productId, code), eq(productSlots.localDate, date)));
    expect(slots.map((s) => s.taken)).toEqual(slots.map(() => 0));
    expect(amendsWon + cancelsWon).toBe(ROUNDS);
  }, 60_000);
});

describe('a charged change paid for while its booking is cancelled (both lock the booking)', () => {
  it('10 bookings, each with a change paid and cancelled at once: no place held, every payment refunded', async () => {
    const code = 'NQY-LNG-9';
    const date = '2026-12-06';
    let changesWon = 0;
    let cancelsWon = 0;
    const changeOrders: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const b = await booker(true, 1);
      const held = await t.call(
        calls.startPreBooking,
        { code, date, time: '10:00', flightNumber: 'BA1234', guests: [], dpid: b.own.dpid },
        b.headers,
      );
      const booked = await t.call(
        calls.prepareBookingOrder,
        {
          holdId: (held.body.result as Hold).holdId,
          idempotencyKey: `change-book-${i}-${b.user.id}`,
        },
        b.headers,
      );
      const bookingId = (booked.body.result as BookingOrderState).booking!.bookingId;
      const [row] = await t.app.db.select().from(bookings).where(eq(bookings.reference, bookingId));
      // A guest the spent pass cannot cover: the change waits for its payment.
      const asked = await t.call(
        calls.amendBooking,
        { bookingId, date, time: '10:30', guests: ['Bo Lee'], infants: 0 },
        b.headers,
      );
      const answer = asked.body.result as Extract<Amended, { outcome: 'payment-required' }>;
      expect(answer.outcome).toBe('payment-required');
      const pay = () =>
        t.call(
          calls.prepareBookingOrder,
          {
            holdId: answer.hold.holdId,
            cardId: b.cardId,
            idempotencyKey: `change-pay-${i}-${b.user.id}`,
          },
          b.headers,
        );
      const cancel = () => t.call(calls.cancelBooking, { bookingId }, b.headers);
      const { results, waited } = await raceAtLock(t, {
        lock: sql`select id from bookings where id = ${row!.id} for update`,
        calls: [pay, cancel],
      });
      expect(waited).toBe(2);
      const [paid, cancelled] = results;
      expect(cancelled!.body.state).toBe('1');
      const state = paid!.body.result as BookingOrderState;
      changeOrders.push(state.orderId);
      if (state.outcome === 'fulfilled') changesWon += 1;
      else {
        // Cancelled first: the change can no longer be made, and its payment goes back.
        expect(state).toMatchObject({ outcome: 'failed', failureReason: 'booking-changed' });
        cancelsWon += 1;
      }
    }
    await t.app.sweepHolds();
    const slots = await t.app.db
      .select({ taken: productSlots.taken })
      .from(productSlots)
      .where(and(eq(productSlots.productId, code), eq(productSlots.localDate, date)));
    expect(slots.map((s) => s.taken)).toEqual(slots.map(() => 0));
    const paidFor = await t.app.db
      .select({ status: orders.status })
      .from(orders)
      .where(inArray(orders.id, changeOrders));
    expect(paidFor.map((o) => o.status)).toEqual(changeOrders.map(() => 'refund-pending'));
    expect(changesWon + cancelsWon).toBe(ROUNDS);
  }, 60_000);
});
