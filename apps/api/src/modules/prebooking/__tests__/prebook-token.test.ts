import { calls, TOKEN_IDLE_SECONDS, type Hold } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  memberWithSession,
  okResult,
  sessionLastUse,
} from '../../../../test/call-helpers';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';
import { insertMembership } from '../../../../test/fixtures';
import { createTestApp, unchecked, type TestApp } from '../../../../test/test-app';
import { sessions, slotHolds, users } from '../../../db/schema';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';
import { hashToken } from '../../../platform/crypto';
import { revokeUserSessions } from '../../../platform/sessions';

/*
 * Issue 23: pre-book checks the member's token in its own first statement (the member's read at
 * the slot), not in a statement of its own before it. These show it is the same check: a token
 * without a live session is refused before anything of the call can be seen, whatever else is
 * wrong with the call, and a live one slides its idle window.
 */

const START = '2026-11-25T10:00:00Z';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: START });
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
});
afterAll(() => t.close());

let serial = 0;
async function member() {
  serial += 1;
  const m = await memberWithSession(t, { email: `token.${serial}@example.com` });
  const own = await insertMembership(t.app.db, {
    userId: m.user.id,
    registeredAt: new Date('2025-01-01'),
    passesPerYear: 2,
  });
  return { ...m, own };
}
type Member = Awaited<ReturnType<typeof member>>;

const visit = (m: Member) => ({
  code: 'NQY-LNG-1',
  date: '2026-11-28',
  time: '12:00',
  flightNumber: 'BA1234',
  guests: [],
  dpid: m.own.dpid,
});
const preBook = (headers: Record<string, string>, payload: object) =>
  t.call(calls.startPreBooking, unchecked(payload), headers);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const lastUse = (token: string) => sessionLastUse(t, token);
const holdsOf = (m: Member) =>
  t.app.db.select().from(slotHolds).where(eq(slotHolds.userId, m.user.id));

describe('pre-book checks the token in its first statement (issue 23)', () => {
  it("holds for a live session, sliding its idle window, and this process keeps the check for the member's next calls", async () => {
    const m = await member();
    t.clock.advance(60_000);
    const at = t.clock.now().getTime();
    const held = okResult<Hold>(await preBook(m.headers, visit(m)));
    expect(await lastUse(m.token)).toBe(at);
    expect((await holdsOf(m)).map((h) => h.id)).toEqual([held.holdId]);
    // The check is kept as requireMember's is: the next call within the moment does not write.
    t.clock.advance(1000);
    okResult(await t.call(calls.myDetails, {}, m.headers));
    expect(await lastUse(m.token)).toBe(at);
  });

  it('refuses a token with no live session (unknown, revoked, idle too long, member deleted) and holds nothing', async () => {
    const unknown = await member();
    expectFailure(await preBook(bearer('not-a-token-of-anyone'), visit(unknown)), 'authFailure');

    const revoked = await member();
    await revokeUserSessions(t.app.db, revoked.user.id, t.clock.now());
    expectFailure(await preBook(revoked.headers, visit(revoked)), 'authFailure');

    const idle = await member();
    t.clock.advance(TOKEN_IDLE_SECONDS * 1000 + 1);
    expectFailure(await preBook(idle.headers, visit(idle)), 'authFailure');

    const deleted = await member();
    await t.app.db
      .update(users)
      .set({ deletedAt: t.clock.now() })
      .where(eq(users.id, deleted.user.id));
    expectFailure(await preBook(deleted.headers, visit(deleted)), 'authFailure');

    for (const m of [unknown, revoked, idle, deleted]) expect(await holdsOf(m)).toEqual([]);
  });

  it("drops this process's kept check of a token its statement found ended (by another process)", async () => {
    const m = await member();
    okResult(await t.call(calls.myDetails, {}, m.headers));
    // Another process's logout: a write this process has not seen.
    await t.app.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.tokenHash, hashToken(m.token)));
    expectFailure(await preBook(m.headers, visit(m)), 'authFailure');
    // Within the moment the check would have been kept: ended for every call now.
    expectFailure(await t.call(calls.myDetails, {}, m.headers), 'authFailure');
  });

  it('answers a call with no token, or a wrong one, authFailure whatever else is wrong with it', async () => {
    const m = await member();
    const wrong = bearer('not-a-token-of-anyone');
    const badPayload = { ...visit(m), date: 'someday' };
    const noLounge = { ...visit(m), code: 'NQY-LNG-99' };
    const tooMany = { ...visit(m), guests: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] };
    for (const payload of [visit(m), badPayload, noLounge, tooMany]) {
      expectFailure(await preBook({}, payload), 'authFailure');
      expectFailure(await preBook(wrong, payload), 'authFailure');
    }
    // With the member's own token, each is refused for what it is.
    expectFailure(await preBook(m.headers, badPayload), 'invalidRequest');
    expectFailure(await preBook(m.headers, noLounge), 'notFound');
    expectFailure(await preBook(m.headers, tooMany), 'tooManyGuests');
    expect(await holdsOf(m)).toEqual([]);
  });
});
