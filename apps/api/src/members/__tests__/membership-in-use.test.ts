import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMembership, insertUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../db/schema';
import { membershipInUse, membershipsOf, membershipsWithInUse } from '../membership-in-use';

/*
 * A member's memberships and the one in use are read in one statement (issue 23): the rows in
 * the order they are listed and picked in, and the member's choice beside them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
});
afterAll(() => t.close());

let n = 0;
/** A member holding memberships registered at the given times, the first given first. */
async function memberWith(...registeredAt: (string | null)[]) {
  n += 1;
  const user = await insertUser(t.app.db, { email: `in-use-${n}@example.com` });
  const held = [];
  for (const at of registeredAt)
    held.push(
      await insertMembership(t.app.db, {
        userId: user.id,
        registeredAt: at === null ? null : new Date(at),
      }),
    );
  return { user, held };
}

const choose = (userId: string, dpid: string | null) =>
  t.app.db.update(users).set({ membershipInUse: dpid }).where(eq(users.id, userId));

describe('membershipsWithInUse', () => {
  it('lists the memberships first registered first, the first in use when none is chosen', async () => {
    const { user, held } = await memberWith('2026-05-01T00:00:00Z', '2026-02-01T00:00:00Z');
    const { owned, inUse } = await membershipsWithInUse(t.app.db, user.id);
    expect(owned.map((m) => m.dpid)).toEqual([held[1]!.dpid, held[0]!.dpid]);
    expect(inUse?.dpid).toBe(held[1]!.dpid);
    expect(owned[0]).toEqual(held[1]);
    expect(await membershipsOf(t.app.db, user.id)).toEqual(owned);
  });

  it("answers the member's chosen membership as the one in use", async () => {
    const { user, held } = await memberWith('2026-02-01T00:00:00Z', '2026-05-01T00:00:00Z');
    await choose(user.id, held[1]!.dpid);
    const { owned, inUse } = await membershipsWithInUse(t.app.db, user.id);
    expect(owned.map((m) => m.dpid)).toEqual([held[0]!.dpid, held[1]!.dpid]);
    expect(inUse?.dpid).toBe(held[1]!.dpid);
    expect((await membershipInUse(t.app.db, user.id))?.dpid).toBe(held[1]!.dpid);
  });

  it('a choice no longer among the memberships: the first registered is in use', async () => {
    const { user, held } = await memberWith('2026-02-01T00:00:00Z');
    const other = await memberWith('2026-03-01T00:00:00Z');
    await choose(user.id, other.held[0]!.dpid);
    const { owned, inUse } = await membershipsWithInUse(t.app.db, user.id);
    expect(owned.map((m) => m.dpid)).toEqual([held[0]!.dpid]);
    expect(inUse?.dpid).toBe(held[0]!.dpid);
  });

  it('a member holding none: nothing owned, none in use, whatever was chosen', async () => {
    const { user } = await memberWith();
    const elsewhere = await memberWith('2026-03-01T00:00:00Z');
    await choose(user.id, elsewhere.held[0]!.dpid);
    expect(await membershipsWithInUse(t.app.db, user.id)).toEqual({
      owned: [],
      inUse: undefined,
    });
  });

  it('reads the same inside a transaction as outside it', async () => {
    const { user, held } = await memberWith('2026-02-01T00:00:00Z', '2026-05-01T00:00:00Z');
    await choose(user.id, held[1]!.dpid);
    const inside = await t.app.db.transaction((tx) => membershipsWithInUse(tx, user.id));
    expect(inside).toEqual(await membershipsWithInUse(t.app.db, user.id));
    expect(inside.inUse?.dpid).toBe(held[1]!.dpid);
  });
});
