import { calls } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, messagesTo } from '../../../../test/call-helpers';
import { bookingAndPasses, insertPaidBooking } from '../../../../test/fixtures';
import { raceAtLock } from '../../../../test/race';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { DAY_MS, loggedInMember } from './members';

const NOW = '2026-01-15T10:00:00Z';
const EMAIL = 'cancel.race@example.com';
const RACERS = 6;
let t: TestApp;
let member: Awaited<ReturnType<typeof loggedInMember>>;

beforeAll(async () => {
  t = await createTestApp({ now: NOW, poolSize: RACERS + 2 });
  member = await loggedInMember(t, EMAIL);
});
afterAll(() => t.close());

describe('guard: a booking is cancelled once (`status = booked` in booking-cancel.ts)', () => {
  it(`${RACERS} cancels held after their read, before their write: one cancels, the rest answer 50008`, async () => {
    const { booking, dpid } = await insertPaidBooking(
      t.app.db,
      member.user.id,
      new Date(new Date(NOW).getTime() + 25 * DAY_MS),
    );
    const cancel = () => member.call(calls.cancelBooking, { bookingId: booking.reference });

    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from bookings where id = ${booking.id} for update`,
      calls: Array.from({ length: RACERS }, () => cancel),
    });

    // Every call had read the booking as booked and was waiting to write it.
    expect(waited).toBe(RACERS);
    const won = results.filter((r) => r.body.state === '1');
    expect(won).toHaveLength(1);
    for (const lost of results.filter((r) => r.body.state !== '1')) {
      expectFailure(lost, 'bookingAlreadyCancelled');
    }
    // The 2 passes came back once, the refund is recorded once, one email went.
    expect(await bookingAndPasses(t.app.db, booking.id, dpid)).toMatchObject({
      booking: { status: 'cancelled', passesReturned: 2 },
      passesUsed: 1,
    });
    const emails = (await messagesTo(t, EMAIL, 'email')).filter((m) =>
      m.body.includes(booking.reference),
    );
    expect(emails).toHaveLength(1);
  });
});
