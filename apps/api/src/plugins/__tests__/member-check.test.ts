import { calls, TOKEN_IDLE_SECONDS } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  memberWithSession,
  okResult,
  sessionLastUse,
} from '../../../test/call-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sessions } from '../../db/schema';
import { hashToken } from '../../platform/crypto';
import { revokeUserSessions } from '../../platform/sessions';
import { MEMBER_KEPT_MS, SESSION_SLIDE_SECONDS } from '../auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let serial = 0;
const member = () => memberWithSession(t, { email: `kept.${++serial}@example.com` });
const details = (headers: Record<string, string>) => t.call(calls.myDetails, {}, headers);
const lastUse = (token: string) => sessionLastUse(t, token);

describe('the member check kept for a moment (issue 23)', () => {
  it('takes a token checked within MEMBER_KEPT_MS without writing; after it, checks it again, sliding the idle window once its recorded use is SESSION_SLIDE_SECONDS old', async () => {
    const m = await member();
    const start = t.clock.now().getTime();
    okResult(await details(m.headers));
    expect(await lastUse(m.token)).toBe(start);

    t.clock.advance(MEMBER_KEPT_MS - 1);
    okResult(await details(m.headers));
    expect(await lastUse(m.token)).toBe(start);

    // Checked again (another process's revocation would be seen: below), not yet written.
    t.clock.advance(1);
    okResult(await details(m.headers));
    expect(await lastUse(m.token)).toBe(start);

    t.clock.advance(SESSION_SLIDE_SECONDS * 1000 - MEMBER_KEPT_MS - 1);
    okResult(await details(m.headers));
    expect(await lastUse(m.token)).toBe(start);

    t.clock.advance(MEMBER_KEPT_MS + 1);
    okResult(await details(m.headers));
    expect(await lastUse(m.token)).toBe(start + SESSION_SLIDE_SECONDS * 1000 + MEMBER_KEPT_MS);
  });

  it('keeps a session in use alive past TOKEN_IDLE_SECONDS from its start, its window slid by the checks', async () => {
    const m = await member();
    for (let i = 0; i < 4; i++) {
      t.clock.advance((TOKEN_IDLE_SECONDS * 1000) / 3);
      okResult(await details(m.headers));
    }
  });

  it('still ends a session idle for TOKEN_IDLE_SECONDS', async () => {
    const m = await member();
    okResult(await details(m.headers));
    t.clock.advance(TOKEN_IDLE_SECONDS * 1000 + 1);
    expectFailure(await details(m.headers), 'authFailure');
  });

  it("sees this process's logout and sessions ended at once", async () => {
    const m = await member();
    okResult(await details(m.headers));
    okResult(await t.call(calls.logoutByToken, {}, m.headers));
    expectFailure(await details(m.headers), 'authFailure');

    const other = await member();
    okResult(await details(other.headers));
    await revokeUserSessions(t.app.db, other.user.id, t.clock.now());
    expectFailure(await details(other.headers), 'authFailure');
  });

  it("sees another process's revocation once the check has lapsed", async () => {
    const m = await member();
    okResult(await details(m.headers));
    // Another process revokes it: a write to the table this process has not seen.
    await t.app.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.tokenHash, hashToken(m.token)));
    t.clock.advance(MEMBER_KEPT_MS - 1);
    okResult(await details(m.headers));
    t.clock.advance(1);
    expectFailure(await details(m.headers), 'authFailure');
  });
});
