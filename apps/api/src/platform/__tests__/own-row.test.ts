import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { bookings } from '../../db/schema';
import { ownRowReader } from '../own-row';

/*
 * A member's own row by its id, in one prepared statement (issue 23: the member's card, order and
 * hold are read so on the hot calls): the row for its owner, nothing for anyone else.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
});
afterAll(() => t.close());

const ownBooking = ownRowReader('test_own_booking', bookings, bookings.id, bookings.userId);

describe('ownRowReader', () => {
  it("finds the owner's row, whole, and nothing for another member or a missing id", async () => {
    const ann = await insertUser(t.app.db, { email: 'own-row-ann@example.com' });
    const bob = await insertUser(t.app.db, { email: 'own-row-bob@example.com' });
    const booking = await insertBooking(t.app.db, {
      userId: ann.id,
      visitAt: new Date('2026-12-01T09:00:00Z'),
    });

    expect(await ownBooking(t.app.db, ann.id, booking.id)).toEqual(booking);
    expect(await ownBooking(t.app.db, bob.id, booking.id)).toBeUndefined();
    expect(await ownBooking(t.app.db, ann.id, crypto.randomUUID())).toBeUndefined();
  });

  it('answers nothing for an id that is no uuid, without asking the database', async () => {
    const ann = await insertUser(t.app.db, { email: 'own-row-nouuid@example.com' });
    // The uuid cast would refuse it: a database error, were it asked.
    expect(await ownBooking(t.app.db, ann.id, 'not-a-uuid')).toBeUndefined();
    expect(await ownBooking(t.app.db, ann.id, "1' or '1'='1")).toBeUndefined();
  });

  it('reads in a transaction on its connection, and sees what the transaction wrote', async () => {
    const ann = await insertUser(t.app.db, { email: 'own-row-tx@example.com' });
    const found = await t.app.db.transaction(async (tx) => {
      const booking = await insertBooking(tx, {
        userId: ann.id,
        visitAt: new Date('2026-12-02T09:00:00Z'),
      });
      return { booking, read: await ownBooking(tx, ann.id, booking.id) };
    });
    expect(found.read).toEqual(found.booking);
  });
});
