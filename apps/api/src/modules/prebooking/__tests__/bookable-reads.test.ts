import { API_PREFIX, calls, successEnvelopeSchema, type Hold, type Slot } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { brotliDecompressSync } from 'node:zlib';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberWithSession, okResult } from '../../../../test/call-helpers';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { insertMembership } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { productSlots } from '../../../db/schema';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';
import { cacheClock, SETTLE_MS } from '../../../platform/read-cache';
import type { BookingWindow } from '../../../platform/slots';
import type { BookableProduct } from '../bookable-product';
import { DAY_PLACES_KEPT_MS } from '../bookable-reads';

const LOUNGE = 'NQY-LNG-1'; // 05:00–22:00 daily, 30-min slots, 20 places
const OTHER = 'NQY-LNG-2'; // 24 hours, 30-min slots, 20 places
const DATE = '2026-11-28';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
});
afterAll(() => t.close());
const realClock = cacheClock.now;
afterEach(() => {
  cacheClock.now = realClock;
});

let serial = 0;
async function member() {
  const m = await memberWithSession(t, { email: `grid.${++serial}@example.com` });
  const own = await insertMembership(t.app.db, {
    userId: m.user.id,
    registeredAt: new Date('2025-01-01'),
    passesPerYear: 2,
  });
  return { ...m, own };
}
const slotAt = async (headers: Record<string, string>, time: string, code = LOUNGE) => {
  const grid = okResult<{ slots: Slot[] }>(
    await t.call(calls.availableTimes, { code, date: DATE }, headers),
  );
  return grid.slots.find((s) => s.time === time)!;
};

describe('the slot grid kept for a moment (issue 23)', () => {
  it("shows this process's hold at once, and to its member the places as theirs to choose again", async () => {
    const ann = await member();
    const bob = await member();
    expect(await slotAt(bob.headers, '12:00')).toMatchObject({ placesLeft: 20, state: 'open' });
    okResult<Hold>(
      await t.call(
        calls.startPreBooking,
        {
          code: LOUNGE,
          date: DATE,
          time: '12:00',
          flightNumber: 'BA1234',
          guests: ['Cy Lee'],
          dpid: ann.own.dpid,
        },
        ann.headers,
      ),
    );
    expect(await slotAt(bob.headers, '12:00')).toMatchObject({ placesLeft: 18 });
    expect(await slotAt(ann.headers, '12:00')).toMatchObject({ placesLeft: 20 });
  });

  it("shows another process's booking once DAY_PLACES_KEPT_MS has passed", async () => {
    const ann = await member();
    // The caches' time stands still until moved below (whole ms: no rounding at the boundary).
    const now = Math.floor(cacheClock.now());
    cacheClock.now = () => now;
    expect(await slotAt(ann.headers, '15:00', OTHER)).toMatchObject({ placesLeft: 20 });
    // Another process fills the slot: a write this process has not made.
    await t.app.db
      .insert(productSlots)
      .values({
        productId: OTHER,
        startsAt: new Date('2026-11-28T15:00:00Z'),
        localDate: DATE,
        localTime: '15:00',
        capacity: 20,
        taken: 20,
      })
      .onConflictDoUpdate({
        target: [productSlots.productId, productSlots.startsAt],
        set: { taken: 20 },
      });
    expect(await slotAt(ann.headers, '15:00', OTHER)).toMatchObject({ placesLeft: 20 });
    cacheClock.now = () => now + DAY_PLACES_KEPT_MS;
    expect(await slotAt(ann.headers, '15:00', OTHER)).toMatchObject({
      placesLeft: 0,
      state: 'full',
    });
    const [row] = await t.app.db
      .select({ taken: productSlots.taken })
      .from(productSlots)
      .where(and(eq(productSlots.productId, OTHER), eq(productSlots.localTime, '15:00')));
    expect(row?.taken).toBe(20);
  });
});

describe('the slot grid answer made once for the members who hold nothing there (issue 23)', () => {
  const START = '2026-11-25T10:00:00Z';
  beforeEach(() => {
    // The caches' time stands still past the settling of any earlier hold (whole ms); tests
    // move it on where a hold of theirs has to settle.
    const now = Math.floor(realClock()) + 10 * SETTLE_MS;
    cacheClock.now = () => now;
  });
  afterEach(() => t.clock.set(START));
  const bookable = async (code = LOUNGE) => (await t.app.bookables.find(code, 'lounge'))!;
  /** A body maker that counts how often it is asked, and keeps what it was given. */
  function bodies() {
    const made: { slots: Slot[]; window: BookingWindow }[] = [];
    const body = (slots: Slot[], window: BookingWindow) => {
      made.push({ slots, window });
      return JSON.stringify({ slots, earliest: window.earliest.toISOString() });
    };
    return { made, body };
  }
  const sent = (
    b: BookableProduct,
    date: string,
    userId: string,
    body: ReturnType<typeof bodies>['body'],
  ) => t.app.bookables.answer(b, date, 1, userId, body);
  const answerOf = async (...args: Parameters<typeof sent>) => (await sent(...args)).answer;
  /** The member holds a place at 18:00 on the date. */
  const holdsAt6pm = async (who: Awaited<ReturnType<typeof member>>, date: string) =>
    okResult<Hold>(
      await t.call(
        calls.startPreBooking,
        {
          code: LOUNGE,
          date,
          time: '18:00',
          flightNumber: 'BA1234',
          guests: [],
          dpid: who.own.dpid,
        },
        who.headers,
      ),
    );

  it('is made once for every member holding nothing, and anew for one holding places', async () => {
    const ann = await member();
    const bob = await member();
    const lounge = await bookable();
    const { made, body } = bodies();
    const date = '2026-12-02';
    const first = await sent(lounge, date, ann.user.id, body);
    expect(first.shared).toBeDefined();
    expect(await sent(lounge, date, bob.user.id, body)).toEqual(first);
    expect(made).toHaveLength(1);
    await holdsAt6pm(ann, date);
    // The hold moved the day: Bob's answer is made again and shows it; Ann's is her own.
    const settled = cacheClock.now() + SETTLE_MS + 1;
    cacheClock.now = () => settled;
    const bobs = await sent(lounge, date, bob.user.id, body);
    const anns = await sent(lounge, date, ann.user.id, body);
    expect(bobs.answer).not.toBe(first.answer);
    expect([bobs.shared, anns.shared]).toEqual([expect.anything(), undefined]);
    expect(await answerOf(lounge, date, ann.user.id, body)).not.toBe(anns.answer);
    const at18 = (i: number) => made[i]!.slots.find((slot) => slot.time === '18:00')!.placesLeft;
    expect([at18(0), at18(1), at18(2)]).toEqual([20, 19, 20]);
    expect(await answerOf(lounge, date, bob.user.id, body)).toBe(bobs.answer);
    expect(made).toHaveLength(4);
  });

  it('stands all minute: the window is shown to the minute, and a new minute makes it again', async () => {
    const ann = await member();
    const lounge = await bookable(OTHER);
    const { made, body } = bodies();
    const date = '2026-11-27'; // the first day of the window: its 10:00 is 48 hours ahead of 10:00
    const state = (i: number, time: string) => made[i]!.slots.find((s) => s.time === time)!.state;
    t.clock.set('2026-11-25T09:59:30Z');
    const first = await answerOf(lounge, date, ann.user.id, body);
    expect(made[0]!.window.earliest.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect([state(0, '09:30'), state(0, '10:00')]).toEqual(['too-soon', 'open']);
    t.clock.set('2026-11-25T10:00:00.000Z');
    expect(await answerOf(lounge, date, ann.user.id, body)).toBe(first);
    t.clock.set('2026-11-25T10:00:00.001Z');
    const next = await answerOf(lounge, date, ann.user.id, body);
    expect(next).not.toBe(first);
    expect(made[1]!.window.earliest.toISOString()).toBe('2026-11-27T10:01:00.000Z');
    expect([state(1, '10:00'), state(1, '10:30')]).toEqual(['too-soon', 'open']);
  });

  it('is made again once the product is read again (a catalogue change)', async () => {
    const ann = await member();
    const { made, body } = bodies();
    const date = '2026-12-03';
    const lounge = await bookable(OTHER);
    const first = await answerOf(lounge, date, ann.user.id, body);
    expect(await answerOf(lounge, date, ann.user.id, body)).toBe(first);
    await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
    const again = await bookable(OTHER);
    expect(again).not.toBe(lounge);
    expect(await answerOf(again, date, ann.user.id, body)).not.toBe(first);
    expect(made).toHaveLength(2);
  });

  it('stands for the fast path while its reads and minute are current, for members holding nothing there', async () => {
    const ann = await member();
    const bob = await member();
    const { body } = bodies();
    const date = '2026-12-04';
    // Past the settling of the catalogue's last change (the test before's): the product is kept.
    const base = cacheClock.now() + 10 * SETTLE_MS;
    cacheClock.now = () => base;
    const first = (await sent(await bookable(), date, ann.user.id, body)).shared!;
    expect([first.current(), first.sharedWith(ann.user.id), first.sharedWith(bob.user.id)]).toEqual(
      [true, true, true],
    );
    // A new window minute: the answer a call would send now is another.
    t.clock.set('2026-11-25T10:00:00.001Z');
    expect(first.current()).toBe(false);
    const second = (await sent(await bookable(), date, ann.user.id, body)).shared!;
    expect(second.current()).toBe(true);
    // The day's places kept no longer: read again, a new answer.
    const at = base + DAY_PLACES_KEPT_MS;
    cacheClock.now = () => at;
    expect(second.current()).toBe(false);
    const third = (await sent(await bookable(), date, ann.user.id, body)).shared!;
    expect(third.current()).toBe(true);
    // Ann holds a place there: the day moves; the answer made after is not hers to share.
    await holdsAt6pm(ann, date);
    expect(third.current()).toBe(false);
    cacheClock.now = () => at + SETTLE_MS + 1;
    const afterHold = (await sent(await bookable(), date, bob.user.id, body)).shared!;
    expect([afterHold.current(), afterHold.sharedWith(bob.user.id)]).toEqual([true, true]);
    expect(afterHold.sharedWith(ann.user.id)).toBe(false);
    // The catalogue changes: the product is read again, and the answer made from the old one stands no more.
    await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
    expect(afterHold.current()).toBe(false);
    // A product not found through the cache (no key to check it by) never stands.
    const unkept = (
      await t.app.bookables.answer({ ...(await bookable()) }, date, 1, bob.user.id, body)
    ).shared!;
    expect(unkept.current()).toBe(false);
  });

  it('is not kept for a date outside the window, a closed day or no date at all', async () => {
    const ann = await member();
    const { made, body } = bodies();
    const lounge = await bookable(OTHER);
    // The 26th is before the window's first day, 2027-06-01 after its last; the 31st of
    // February is no date.
    for (const date of ['2026-11-26', '2027-06-01', '2027-02-31']) {
      const one = await sent(lounge, date, ann.user.id, body);
      expect(one.shared).toBeUndefined();
      expect((await sent(lounge, date, ann.user.id, body)).answer).not.toBe(one.answer);
    }
    expect(made).toHaveLength(6);
  });

  it('is sent as the call answers: compressed for a browser that takes it, private', async () => {
    const ann = await member();
    const payload = { code: LOUNGE, date: DATE };
    const plain = await t.call(calls.availableTimes, payload, ann.headers);
    const br = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${calls.availableTimes.path}`,
      headers: { ...ann.headers, 'accept-encoding': 'br' },
      payload,
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('private, no-cache');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.body);
    const { lounge } = okResult<{ lounge: { window: { earliest: string } } }>(plain);
    expect(lounge.window.earliest).toBe('2026-11-27T10:00:00.000Z');
    // Exactly what the route's own serialiser makes of the same answer.
    const serialise = serializerCompiler({
      schema: successEnvelopeSchema(calls.availableTimes.result),
      method: 'POST',
      url: calls.availableTimes.path,
      httpStatus: '200',
    });
    expect(plain.response.body).toBe(serialise(plain.body));
  });
});
