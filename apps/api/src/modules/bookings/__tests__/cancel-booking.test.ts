import { calls } from '@portal/contract';
import type { Booking } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectFailure, messagesTo } from '../../../../test/call-helpers';
import {
  insertBooking,
  insertMembership,
  insertPaidBooking,
  insertUser,
} from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { bookings, memberships, outbox } from '../../../db/schema';
import { cancelUpcomingBookings } from '../booking-cancel';
import { DAY_MS, HOUR_MS, loggedInMember } from './members';

const NOW = '2026-01-15T10:00:00Z'; // a Thursday
let t: TestApp;
let member: Awaited<ReturnType<typeof loggedInMember>>;
const EMAIL = 'cancel@example.com';
const at = (ms: number) => new Date(new Date(NOW).getTime() + ms);

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  member = await loggedInMember(t, EMAIL);
});
afterAll(() => t.close());
beforeEach(async () => {
  if (t.clock.now().getTime() !== new Date(NOW).getTime()) {
    t.clock.set(NOW);
    await member.relogin();
  }
});

const cancel = (bookingId: unknown) => member.call(calls.cancelBooking, { bookingId });
const rowOf = async (reference: string) =>
  (await t.app.db.select().from(bookings).where(eq(bookings.reference, reference)))[0];
const passesUsedOf = async (dpid: string) =>
  (await t.app.db.select().from(memberships).where(eq(memberships.dpid, dpid)))[0]?.passesUsed;

/** The email about one booking (the clock moves back and forth, so not simply the latest). */
const emailAbout = async (reference: string) =>
  (await messagesTo(t, EMAIL, 'email')).find((m) => m.body.includes(reference));

const paidBooking = (visitAt: Date) => insertPaidBooking(t.app.db, member.user.id, visitAt);

/** Moves the clock to `hours` before the visit and logs in again. */
async function hoursBefore(visitAt: Date, hours: number) {
  t.clock.set(new Date(visitAt.getTime() - hours * HOUR_MS));
  await member.relogin();
}

describe('/account/bookings/cancel', () => {
  it('refunds the card in 5 working days and returns the passes at 48 hours ahead', async () => {
    const visitAt = at(10 * DAY_MS); // Sunday 25 Jan, 10:00 UTC
    const { booking, dpid } = await paidBooking(visitAt);
    await hoursBefore(visitAt, 48); // Friday 23 Jan, 10:00

    const { body } = await cancel(booking.reference);
    expect(body.state).toBe('1');
    expect(body.result).toMatchObject({
      bookingId: booking.reference,
      tab: 'cancelled',
      cancelledAt: '2026-01-23T10:00:00.000Z',
      refund: {
        state: 'pending',
        amount: { amount: 6000, currency: 'GBP' },
        // Friday + 5 working days: Mon, Tue, Wed, Thu, Fri.
        dueBy: '2026-01-30',
        passesReturned: 2,
      },
      cancellation: { allowed: false, refundable: false, noticeHours: 48 },
    });
    expect(await rowOf(booking.reference)).toMatchObject({
      status: 'cancelled',
      refundState: 'pending',
      refundAmount: 6000,
      refundDueAt: new Date('2026-01-30T10:00:00Z'),
      passesReturned: 2,
    });
    expect(await passesUsedOf(dpid)).toBe(1);

    const email = await emailAbout(booking.reference);
    expect(email).toMatchObject({
      channel: 'email',
      subject: `Booking ${booking.reference} cancelled`,
    });
    expect(email?.body).toContain(booking.reference);
    expect(email?.body).toContain('Sun 25 Jan 2026 at 10:00');
    expect(email?.body).toContain('£60.00');
    expect(email?.body).toContain('Refunds take about 5 working days.');
    expect(email?.body).toContain('2 passes have been returned to your membership.');
  });

  it('gives nothing back at 47 hours ahead', async () => {
    const visitAt = at(12 * DAY_MS);
    const { booking, dpid } = await paidBooking(visitAt);
    await hoursBefore(visitAt, 47);

    const { body } = await cancel(booking.reference);
    expect(body.result).toMatchObject({
      tab: 'cancelled',
      refund: { state: 'none', amount: { amount: 0 }, dueBy: null, passesReturned: 0 },
    });
    expect(await rowOf(booking.reference)).toMatchObject({
      status: 'cancelled',
      refundState: 'none',
      refundAmount: 0,
      refundDueAt: null,
      passesReturned: 0,
    });
    expect(await passesUsedOf(dpid)).toBe(3);
    const email = await emailAbout(booking.reference);
    expect(email?.body).toContain(booking.reference);
    expect(email?.body).toContain('less than 48 hours before the visit, so nothing is refunded');
    expect(email?.body).not.toContain('Refunds take');
  });

  it('returns passes at once, never below zero, when nothing was paid by card', async () => {
    const membership = await insertMembership(t.app.db, { userId: member.user.id, passesUsed: 0 });
    const booking = await insertBooking(t.app.db, {
      userId: member.user.id,
      dpid: membership.dpid,
      visitAt: at(30 * DAY_MS),
      amount: 0,
      cardLabel: null,
      passesUsed: 1,
    });
    const { body } = await cancel(booking.reference);
    expect(body.result).toMatchObject({ refund: { state: 'none', passesReturned: 1 } });
    expect(await passesUsedOf(membership.dpid)).toBe(0);
    expect((await emailAbout(booking.reference))?.body).toContain('1 pass has been returned');
  });

  it('answers 50008 when cancelled already, changing nothing more', async () => {
    const { booking, dpid } = await paidBooking(at(20 * DAY_MS));
    expect((await cancel(booking.reference)).body.state).toBe('1');
    const before = await rowOf(booking.reference);
    const sent = (await messagesTo(t, EMAIL)).length;

    expectFailure(await cancel(booking.reference), 'bookingAlreadyCancelled');
    expect(await rowOf(booking.reference)).toEqual(before);
    expect(await passesUsedOf(dpid)).toBe(1);
    expect(await messagesTo(t, EMAIL)).toHaveLength(sent);
  });

  it('answers 50009 once the visit has come', async () => {
    const { booking, dpid } = await paidBooking(at(-DAY_MS));
    expectFailure(await cancel(booking.reference), 'bookingNotCancellable');
    const onTheHour = await insertBooking(t.app.db, { userId: member.user.id, visitAt: at(0) });
    expectFailure(await cancel(onTheHour.reference), 'bookingNotCancellable');
    expect(await rowOf(booking.reference)).toMatchObject({ status: 'booked' });
    expect(await passesUsedOf(dpid)).toBe(3);
  });

  it('cancels fast-track bookings too', async () => {
    const lane = await insertBooking(t.app.db, {
      userId: member.user.id,
      kind: 'fast-track',
      visitAt: at(3 * DAY_MS),
    });
    const { body } = await cancel(lane.reference);
    expect(body.result).toMatchObject({ kind: 'fast-track', tab: 'cancelled' });
    expect((body.result as Booking).refund.state).toBe('pending');
  });

  it("answers 10002 for another member's or an anonymised booking, leaving it booked", async () => {
    const stranger = await insertUser(t.app.db, { email: 'other@example.com' });
    const theirs = await insertBooking(t.app.db, { userId: stranger.id, visitAt: at(9 * DAY_MS) });
    const nobodys = await insertBooking(t.app.db, {
      userId: null,
      anonymisedAt: at(-DAY_MS),
      visitAt: at(9 * DAY_MS),
    });
    expectFailure(await cancel(theirs.reference), 'notFound');
    expectFailure(await cancel(nobodys.reference), 'notFound');
    expectFailure(await cancel('LBNOSUCH99'), 'notFound');
    expect(await rowOf(theirs.reference)).toMatchObject({ status: 'booked' });
  });

  it('answers 10001 for a malformed Booking ID and 20002 without a token', async () => {
    expectFailure(await cancel(''), 'invalidRequest');
    expectFailure(await cancel(12345678), 'invalidRequest');
    const booking = await insertBooking(t.app.db, {
      userId: member.user.id,
      visitAt: at(DAY_MS * 9),
    });
    expectFailure(
      await t.call(calls.cancelBooking, { bookingId: booking.reference }),
      'authFailure',
    );
    expect(await rowOf(booking.reference)).toMatchObject({ status: 'booked' });
  });

  it("dates the refund by the airport's calendar: late Thursday in New York", async () => {
    const booking = await insertBooking(t.app.db, {
      userId: member.user.id,
      productId: 'JFK-LNG-1',
      visitAt: at(20 * DAY_MS),
      amount: 4500,
      currency: 'USD',
    });
    // Thursday 15 January 21:00 in New York: already Friday 02:00 in UTC.
    t.clock.set('2026-01-16T02:00:00Z');
    await member.relogin();
    const { body } = await cancel(booking.reference);
    // Thursday + 5 working days is the next Thursday (UTC's Friday would give Friday).
    expect(body.result).toMatchObject({
      refund: { state: 'pending', amount: { amount: 4500, currency: 'USD' }, dueBy: '2026-01-22' },
    });
  });

  it('refunds in the currency paid, in the email as in the answer', async () => {
    const booking = await insertBooking(t.app.db, {
      userId: member.user.id,
      productId: 'CDG-LNG-1',
      visitAt: at(20 * DAY_MS),
      amount: 4550,
      currency: 'EUR',
    });
    const { body } = await cancel(booking.reference);
    expect(body.result).toMatchObject({
      paid: { amount: 4550, currency: 'EUR' },
      refund: { state: 'pending', amount: { amount: 4550, currency: 'EUR' } },
    });
    const email = (await emailAbout(booking.reference))?.body ?? '';
    expect(email).toContain('We are refunding €45.50 to Visa •••• 4242.');
    expect(email).not.toContain('£');
  });

  it('follows REFUND_NOTICE_HOURS', async () => {
    const other = await createTestApp({ now: NOW, env: { REFUND_NOTICE_HOURS: '24' } });
    try {
      const someone = await loggedInMember(other, 'notice@example.com');
      const booking = await insertBooking(other.app.db, {
        userId: someone.user.id,
        visitAt: at(30 * HOUR_MS),
      });
      const detail = await someone.call(calls.bookingDetail, {
        bookingId: booking.reference,
      });
      expect(detail.body.result).toMatchObject({
        cancellation: { allowed: true, refundable: true, noticeHours: 24 },
      });
      const { body } = await someone.call(calls.cancelBooking, {
        bookingId: booking.reference,
      });
      expect(body.result).toMatchObject({ refund: { state: 'pending' } });
    } finally {
      await other.close();
    }
  });
});

describe('cancelUpcomingBookings', () => {
  /** Everything one member has, of every kind the account deletion meets. */
  async function memberWithBookings(email: string) {
    const user = await insertUser(t.app.db, { email });
    const membership = await insertMembership(t.app.db, {
      userId: user.id,
      passesPerYear: 6,
      passesUsed: 5,
    });
    const mine = (values: Parameters<typeof insertBooking>[1]) =>
      insertBooking(t.app.db, { userId: user.id, email, ...values });
    return {
      user,
      dpid: membership.dpid,
      // Far ahead: card refunded, passes back.
      farAhead: await mine({ visitAt: at(10 * DAY_MS), dpid: membership.dpid, passesUsed: 2 }),
      // A fast-track lane in 3 days, paid by card only.
      lane: await mine({ kind: 'fast-track', visitAt: at(3 * DAY_MS), amount: 2500 }),
      // Under 48 hours ahead: cancelled, nothing back.
      tooLate: await mine({ visitAt: at(47 * HOUR_MS), dpid: membership.dpid, passesUsed: 1 }),
      past: await mine({ visitAt: at(-DAY_MS), dpid: membership.dpid, passesUsed: 1 }),
      now: await mine({ visitAt: at(0) }),
      cancelled: await mine({
        visitAt: at(15 * DAY_MS),
        status: 'cancelled',
        cancelledAt: at(-DAY_MS),
        refundState: 'pending',
        refundAmount: 3800,
        refundDueAt: at(6 * DAY_MS),
      }),
    };
  }

  it('cancels every booking still ahead by the refund rule, without an email', async () => {
    const m = await memberWithBookings('leaving@example.com');
    const stranger = await insertUser(t.app.db, { email: 'staying@example.com' });
    const theirs = await insertBooking(t.app.db, { userId: stranger.id, visitAt: at(DAY_MS) });
    const now = new Date(NOW);

    const count = await t.app.db.transaction((tx) =>
      cancelUpcomingBookings(tx, { userId: m.user.id, now, noticeHours: 48 }),
    );
    expect(count).toBe(3);

    expect(await rowOf(m.farAhead.reference)).toMatchObject({
      status: 'cancelled',
      cancelledAt: now,
      refundState: 'pending',
      refundAmount: 3800,
      // Thursday + 5 working days in London.
      refundDueAt: new Date('2026-01-22T10:00:00Z'),
      passesReturned: 2,
    });
    expect(await rowOf(m.lane.reference)).toMatchObject({
      status: 'cancelled',
      refundState: 'pending',
      refundAmount: 2500,
    });
    expect(await rowOf(m.tooLate.reference)).toMatchObject({
      status: 'cancelled',
      refundState: 'none',
      refundAmount: 0,
      refundDueAt: null,
      passesReturned: 0,
    });
    // 5 used, 2 returned.
    expect(await passesUsedOf(m.dpid)).toBe(3);

    // The past, the present and the already cancelled are left as they were, as is anyone else.
    expect(await rowOf(m.past.reference)).toMatchObject({ status: 'booked' });
    expect(await rowOf(m.now.reference)).toMatchObject({ status: 'booked' });
    expect(await rowOf(m.cancelled.reference)).toEqual(m.cancelled);
    expect(await rowOf(theirs.reference)).toMatchObject({ status: 'booked' });

    const sent = await t.app.db
      .select()
      .from(outbox)
      .where(inArray(outbox.to, ['leaving@example.com', 'ann@example.com']));
    expect(sent).toEqual([]);
  });

  it('answers 0 the second time, and when there is nothing ahead', async () => {
    const m = await memberWithBookings('twice@example.com');
    const run = () =>
      t.app.db.transaction((tx) =>
        cancelUpcomingBookings(tx, { userId: m.user.id, now: new Date(NOW), noticeHours: 48 }),
      );
    expect(await run()).toBe(3);
    const after = await rowOf(m.farAhead.reference);
    expect(await run()).toBe(0);
    expect(await rowOf(m.farAhead.reference)).toEqual(after);
    expect(await passesUsedOf(m.dpid)).toBe(3);

    const nobody = await insertUser(t.app.db, { email: 'nobookings-cancel@example.com' });
    expect(
      await cancelUpcomingBookings(t.app.db, {
        userId: nobody.id,
        now: new Date(NOW),
        noticeHours: 48,
      }),
    ).toBe(0);
  });

  it('rolls back with the transaction it runs in', async () => {
    const m = await memberWithBookings('rollback@example.com');
    await expect(
      t.app.db.transaction(async (tx) => {
        await cancelUpcomingBookings(tx, {
          userId: m.user.id,
          now: new Date(NOW),
          noticeHours: 48,
        });
        throw new Error('the deletion failed');
      }),
    ).rejects.toThrow('the deletion failed');
    expect(await rowOf(m.farAhead.reference)).toMatchObject({ status: 'booked' });
    expect(await passesUsedOf(m.dpid)).toBe(5);
  });
});
