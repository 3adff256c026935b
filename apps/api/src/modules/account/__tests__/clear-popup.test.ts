import { calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, memberWithSession } from '../../../../test/call-helpers';
import { createTestApp, type TestApp, unchecked } from '../../../../test/test-app';
import { users } from '../../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const firstLogin = async (id: string) =>
  (await t.app.db.select().from(users).where(eq(users.id, id)))[0]?.isFirstLogin;

describe('/account/clear/popup', () => {
  it("ends the member's first login, and only theirs; again is fine", async () => {
    const ann = await memberWithSession(t, { email: 'ann@example.com', isFirstLogin: true });
    const bob = await memberWithSession(t, {
      email: 'bob@example.com',
      mobileNumber: '7400640001',
      isFirstLogin: true,
    });
    const cleared = await t.call(calls.clearPopup, {}, ann.headers);
    expect(cleared.body).toEqual({ state: '1', errorCode: null, result: { cleared: true } });
    expect(await firstLogin(ann.user.id)).toBe(false);
    expect(await firstLogin(bob.user.id)).toBe(true);
    expect((await t.call(calls.clearPopup, undefined, ann.headers)).body.state).toBe('1');
  });

  it('needs a member: 20002', async () => {
    expectFailure(await t.call(calls.clearPopup, {}), 'authFailure');
  });

  it('answers 10001 for a payload it does not take', async () => {
    const { headers } = await memberWithSession(t, {
      email: 'extra@example.com',
      mobileNumber: '7400640002',
    });
    expectFailure(
      await t.call(calls.clearPopup, unchecked({ everything: true }), headers),
      'invalidRequest',
    );
  });
});
