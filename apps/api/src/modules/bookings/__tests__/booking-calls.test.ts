import { calls } from '@portal/contract';
import type { Booking, BookingDetail } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../../../test/call-helpers';
import { insertBooking, insertUser, pdfText } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { airports, products } from '../../../db/schema';
import { scannedBooking } from '../booking-qr';
import { DAY_MS, HOUR_MS, loggedInMember } from './members';

const NOW = '2026-01-15T10:00:00Z';
let t: TestApp;
let member: Awaited<ReturnType<typeof loggedInMember>>;
const at = (ms: number) => new Date(new Date(NOW).getTime() + ms);

// The member's bookings, by what they are for.
const refs: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  member = await loggedInMember(t, 'bookings@example.com');
  const stranger = await insertUser(t.app.db, { email: 'stranger@example.com' });
  const mine = (name: string, values: Parameters<typeof insertBooking>[1]) =>
    insertBooking(t.app.db, { userId: member.user.id, ...values }).then((b) => {
      refs[name] = b.reference;
      return b;
    });
  await mine('soon', { visitAt: at(10 * DAY_MS), passengers: 2, passengerNames: ['A B', 'C D'] });
  await mine('later', { visitAt: at(40 * DAY_MS) });
  await mine('lane', { kind: 'fast-track', visitAt: at(5 * DAY_MS) });
  await mine('past', { visitAt: at(-5 * DAY_MS) });
  await mine('justNow', { visitAt: at(0) });
  await mine('cancelled', {
    visitAt: at(20 * DAY_MS),
    status: 'cancelled',
    cancelledAt: at(-DAY_MS),
    refundState: 'pending',
    refundAmount: 3800,
    refundDueAt: new Date('2026-01-21T10:00:00Z'),
  });
  await mine('summer', { visitAt: new Date('2026-07-01T13:30:00Z') });
  refs.strangers = (
    await insertBooking(t.app.db, { userId: stranger.id, visitAt: at(DAY_MS) })
  ).reference;
  refs.strangersLane = (
    await insertBooking(t.app.db, { userId: stranger.id, kind: 'fast-track', visitAt: at(DAY_MS) })
  ).reference;
  refs.anonymised = (
    await insertBooking(t.app.db, { userId: null, anonymisedAt: at(-DAY_MS), visitAt: at(DAY_MS) })
  ).reference;
});
afterAll(() => t.close());

const list = (payload?: unknown) => member.call(calls.bookingList, payload);
const ids = (result: unknown) => (result as { items: Booking[] }).items.map((b) => b.bookingId);

describe('/account/bookings/list/v3', () => {
  it('lists booked visits ahead, the next visit first, with the count of every tab', async () => {
    const { body } = await list({ tab: 'booked' });
    expect(body.state).toBe('1');
    expect(ids(body.result)).toEqual([refs.lane, refs.soon, refs.later, refs.summer]);
    expect(body.result).toMatchObject({
      tab: 'booked',
      total: 4,
      page: 1,
      pageSize: 20,
      counts: { booked: 4, past: 2, cancelled: 1 },
    });
  });

  it('defaults to the booked tab without a payload', async () => {
    const { body } = await list();
    expect(body.result).toMatchObject({ tab: 'booked', total: 4, page: 1, pageSize: 20 });
  });

  it('lists past visits (a visit at this very moment is past) and cancelled ones', async () => {
    const past = await list({ tab: 'past' });
    expect(ids(past.body.result)).toEqual([refs.justNow, refs.past]);
    expect((past.body.result as { items: Booking[] }).items.map((b) => b.tab)).toEqual([
      'past',
      'past',
    ]);
    const cancelled = await list({ tab: 'cancelled' });
    expect(ids(cancelled.body.result)).toEqual([refs.cancelled]);
    expect((cancelled.body.result as { items: Booking[] }).items[0]).toMatchObject({
      tab: 'cancelled',
      cancelledAt: '2026-01-14T10:00:00.000Z',
      refund: { state: 'pending', amount: { amount: 3800, currency: 'GBP' }, dueBy: '2026-01-21' },
      cancellation: { allowed: false, refundable: false },
    });
  });

  it('pages', async () => {
    const first = await list({ tab: 'booked', page: 1, pageSize: 3 });
    expect(ids(first.body.result)).toEqual([refs.lane, refs.soon, refs.later]);
    const second = await list({ tab: 'booked', page: 2, pageSize: 3 });
    expect(ids(second.body.result)).toEqual([refs.summer]);
    expect(second.body.result).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    const beyond = await list({ tab: 'booked', page: 3, pageSize: 3 });
    expect(ids(beyond.body.result)).toEqual([]);
  });

  it('pages through equal visit times without repeating or skipping a booking', async () => {
    const paging = await loggedInMember(t, 'paging@example.com');
    const same = { userId: paging.user.id, createdAt: at(-DAY_MS) };
    const made: Record<string, string[]> = { booked: [], past: [], cancelled: [] };
    for (let i = 0; i < 7; i++) {
      made.booked!.push(
        (await insertBooking(t.app.db, { ...same, visitAt: at(DAY_MS) })).reference,
      );
      made.past!.push((await insertBooking(t.app.db, { ...same, visitAt: at(-DAY_MS) })).reference);
      const cancelled = await insertBooking(t.app.db, {
        ...same,
        visitAt: at(DAY_MS),
        status: 'cancelled',
        cancelledAt: at(-HOUR_MS),
      });
      made.cancelled!.push(cancelled.reference);
    }
    for (const tab of ['booked', 'past', 'cancelled'] as const) {
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const { body } = await paging.call(calls.bookingList, { tab, page, pageSize: 2 });
        seen.push(...ids(body.result));
      }
      expect(seen).toHaveLength(7);
      expect(new Set(seen)).toEqual(new Set(made[tab]));
      // The same order every time.
      const again = await paging.call(calls.bookingList, { tab, pageSize: 7 });
      expect(ids(again.body.result)).toEqual(seen);
    }
  });

  it('keeps the booked tab soonest first and the others newest first when visits differ', async () => {
    const order = await loggedInMember(t, 'order@example.com');
    const booked = async (
      days: number,
      values: Partial<Parameters<typeof insertBooking>[1]> = {},
    ) =>
      (
        await insertBooking(t.app.db, {
          userId: order.user.id,
          visitAt: at(days * DAY_MS),
          ...values,
        })
      ).reference;
    const cancelledAt = at(-HOUR_MS);
    const ahead = [await booked(9), await booked(2), await booked(30)];
    const past = [await booked(-9), await booked(-2), await booked(-30)];
    const cancelled = [
      await booked(9, { status: 'cancelled', cancelledAt }),
      await booked(-2, { status: 'cancelled', cancelledAt }),
      await booked(30, { status: 'cancelled', cancelledAt }),
    ];
    const tab = async (name: string) =>
      ids((await order.call(calls.bookingList, { tab: name })).body.result);
    expect(await tab('booked')).toEqual([ahead[1], ahead[0], ahead[2]]);
    expect(await tab('past')).toEqual([past[1], past[0], past[2]]);
    expect(await tab('cancelled')).toEqual([cancelled[2], cancelled[0], cancelled[1]]);
  });

  it('moves bookings between tabs as the clock passes their visit', async () => {
    t.clock.advance(6 * DAY_MS);
    await member.relogin();
    try {
      const { body } = await list({ tab: 'past' });
      expect(ids(body.result)).toEqual([refs.lane, refs.justNow, refs.past]);
      expect(body.result).toMatchObject({ counts: { booked: 3, past: 3, cancelled: 1 } });
    } finally {
      t.clock.set(NOW);
      await member.relogin();
    }
  });

  it("shows a member with no bookings nothing, and nobody else's", async () => {
    const other = await loggedInMember(t, 'nobookings@example.com');
    const { body } = await other.call(calls.bookingList, { tab: 'booked' });
    expect(body.result).toEqual({
      tab: 'booked',
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
      counts: { booked: 0, past: 0, cancelled: 0 },
    });
  });

  it('answers 20002 without a token and 10001 for a wrong payload', async () => {
    expectFailure(await t.call(calls.bookingList, { tab: 'booked' }), 'authFailure');
    expectFailure(await list({ tab: 'upcoming' }), 'invalidRequest');
    expectFailure(await list({ tab: 'booked', pageSize: 1000 }), 'invalidRequest');
    expectFailure(await list({ tab: 'booked', extra: 1 }), 'invalidRequest');
  });
});

describe('/account/bookings/detail', () => {
  const detail = (bookingId: unknown) => member.call(calls.bookingDetail, { bookingId });

  it("answers one of the member's lounge bookings in full", async () => {
    const [product] = await t.app.db
      .select({ name: products.name, terminal: products.terminal, airport: airports.name })
      .from(products)
      .innerJoin(airports, eq(airports.iataCode, products.airportCode))
      .where(eq(products.id, 'LHR-LNG-1'));
    const { body } = await detail(refs.soon);
    expect(body.state).toBe('1');
    const booking = body.result as BookingDetail;
    expect(booking).toEqual({
      bookingId: refs.soon,
      kind: 'lounge',
      tab: 'booked',
      productId: 'LHR-LNG-1',
      productName: product?.name,
      airportCode: 'LHR',
      airportName: product?.airport,
      terminal: product?.terminal,
      visitDate: '2026-01-25',
      visitTime: '10:00',
      timeZone: 'Europe/London',
      passengers: 2,
      passengerNames: ['A B', 'C D'],
      paymentCard: 'Visa •••• 4242',
      contactNumber: '+44 7400 123456',
      email: 'ann@example.com',
      flightNumber: 'BA1234',
      paid: { amount: 3800, currency: 'GBP' },
      passesUsed: 0,
      bookedAt: expect.any(String) as string,
      cancelledAt: null,
      refund: {
        state: 'none',
        amount: { amount: 0, currency: 'GBP' },
        dueBy: null,
        passesReturned: 0,
      },
      cancellation: { allowed: true, refundable: true, noticeHours: 48 },
      qr: expect.any(String) as string,
    });
  });

  it('carries the signed Booking ID for the desk while booked, and no code once past or cancelled', async () => {
    // The test app has the (development) signing key: the code is the signed reference.
    const { body } = await detail(refs.soon);
    const { qr } = body.result as BookingDetail;
    expect(qr).toContain(refs.soon);
    expect(qr).toMatch(/^BK1\./);
    expect(scannedBooking(t.app.env, qr)).toBe(refs.soon);
    for (const ref of [refs.past, refs.justNow, refs.cancelled]) {
      expect((await detail(ref)).body.result).toMatchObject({ qr: null });
    }
  });

  it("shows the visit in the airport's own time (British Summer Time in July)", async () => {
    const { body } = await detail(refs.summer);
    expect(body.result).toMatchObject({ visitDate: '2026-07-01', visitTime: '14:30' });
  });

  it('takes the Booking ID in any case, trimmed', async () => {
    const { body } = await detail(`  ${refs.soon!.toLowerCase()} `);
    expect(body.result).toMatchObject({ bookingId: refs.soon });
  });

  it("answers 10002 for a fast-track booking, another member's, an anonymised one or none", async () => {
    expectFailure(await detail(refs.lane), 'notFound');
    expectFailure(await detail(refs.strangers), 'notFound');
    expectFailure(await detail(refs.anonymised), 'notFound');
    expectFailure(await detail('LBNOSUCH99'), 'notFound');
  });

  it('answers 10001 for a malformed Booking ID and 20002 without a token', async () => {
    expectFailure(await detail('AB'), 'invalidRequest');
    expectFailure(await detail('LB-123-456'), 'invalidRequest');
    expectFailure(await member.call(calls.bookingDetail, {}), 'invalidRequest');
    expectFailure(await t.call(calls.bookingDetail, { bookingId: refs.soon! }), 'authFailure');
  });

  it('shows a booking less than 48 hours ahead as cancellable without refund', async () => {
    t.clock.set(at(10 * DAY_MS - 47 * HOUR_MS));
    await member.relogin();
    try {
      const { body } = await detail(refs.soon);
      expect(body.result).toMatchObject({
        tab: 'booked',
        cancellation: { allowed: true, refundable: false, noticeHours: 48 },
      });
    } finally {
      t.clock.set(NOW);
      await member.relogin();
    }
  });
});

describe('/account/bookings/detail/fast-track', () => {
  const detail = (bookingId: unknown) => member.call(calls.fastTrackBookingDetail, { bookingId });

  it("answers one of the member's fast-track bookings", async () => {
    const { body } = await detail(refs.lane);
    expect(body.result).toMatchObject({
      bookingId: refs.lane,
      kind: 'fast-track',
      productId: 'LHR-FT-1',
      airportCode: 'LHR',
      tab: 'booked',
    });
  });

  it("carries the signed Booking ID for the lane while booked, and no code once it's past", async () => {
    const { qr } = (await detail(refs.lane)).body.result as BookingDetail;
    expect(qr).toContain(refs.lane);
    expect(scannedBooking(t.app.env, qr)).toBe(refs.lane);
    t.clock.advance(6 * DAY_MS);
    await member.relogin();
    try {
      expect((await detail(refs.lane)).body.result).toMatchObject({ tab: 'past', qr: null });
    } finally {
      t.clock.set(NOW);
      await member.relogin();
    }
  });

  it('carries no code for a cancelled fast-track booking', async () => {
    const cancelled = await insertBooking(t.app.db, {
      userId: member.user.id,
      kind: 'fast-track',
      visitAt: at(3 * DAY_MS),
      status: 'cancelled',
      cancelledAt: at(-HOUR_MS),
    });
    expect((await detail(cancelled.reference)).body.result).toMatchObject({
      tab: 'cancelled',
      qr: null,
    });
  });

  it("answers 10002 for a lounge booking or another member's, 10001 and 20002 as usual", async () => {
    expectFailure(await detail(refs.soon), 'notFound');
    expectFailure(await detail(refs.strangersLane), 'notFound');
    expectFailure(await detail('x'), 'invalidRequest');
    expectFailure(
      await t.call(calls.fastTrackBookingDetail, { bookingId: refs.lane! }),
      'authFailure',
    );
  });
});

describe('/account/bookings/pdf-stream', () => {
  const pdf = (bookingId: unknown) => member.call(calls.bookingPdf, { bookingId });
  const raw = (bookingId: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/client-api/account/bookings/pdf-stream',
      headers: { channel: 'ASE', authorization: `Bearer ${member.token}` },
      payload: { bookingId },
    });

  it('answers the booking confirmation as a PDF holding the Booking ID', async () => {
    const response = await raw(refs.soon);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="booking-${refs.soon}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(refs.soon);
    expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('shows CANCELLED on a cancelled booking, and works for fast track too', async () => {
    const cancelled = (await raw(refs.cancelled)).rawPayload;
    expect(cancelled.toString('latin1')).toContain(refs.cancelled);
    expect(pdfText(cancelled)).toContain('CANCELLED');
    const lane = await raw(refs.lane);
    expect(lane.headers['content-type']).toBe('application/pdf');
    expect(lane.rawPayload.toString('latin1')).toContain(refs.lane);
  });

  it("answers 10002 in JSON for another member's booking, 10001 and 20002 as usual", async () => {
    const stranger = await pdf(refs.strangers);
    expect(stranger.response.headers['content-type']).toMatch(/application\/json/);
    expectFailure(stranger, 'notFound');
    expectFailure(await pdf(refs.anonymised), 'notFound');
    expectFailure(await pdf('??'), 'invalidRequest');
    expectFailure(await t.call(calls.bookingPdf, { bookingId: refs.soon! }), 'authFailure');
  });
});
