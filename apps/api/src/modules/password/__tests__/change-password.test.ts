import { calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, unchecked } from '../../../../test/test-app';
import { users } from '../../../db/schema';
import {
  type Encrypt,
  openWithEncrypter,
  expectFailure,
  memberCall,
  memberWithPassword,
  tokenOf,
} from '../../../../test/call-helpers';

let t: TestApp;
let encrypt: Encrypt;
beforeAll(async () => ({ t, encrypt } = await openWithEncrypter({ now: '2026-03-01T12:00:00Z' })));
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.call(calls.genToken, { email, password: encrypt(password) });
const change = (
  token: string,
  currentPwd: string,
  newPwd: string,
  call: typeof calls.changePwd = calls.changePwd,
) =>
  t.call(
    call,
    { currentPwd: encrypt(currentPwd), newPwd: encrypt(newPwd) },
    { authorization: `Bearer ${token}` },
  );

async function loggedIn(email: string, password = 'Old-Pass-1') {
  const user = await memberWithPassword(t, { email, password });
  return { user, token: tokenOf(await login(email, password)) };
}

describe('/account/change-pwd and /login/update-pwd', () => {
  it("change the password, ending the member's other sessions but not the caller's", async () => {
    const { user, token } = await loggedIn('change@example.com');
    const other = tokenOf(await login('change@example.com', 'Old-Pass-1'));
    const stranger = await loggedIn('stranger@example.com');

    const changed = await change(token, 'Old-Pass-1', 'New-Pass-2');
    expect(changed.body).toEqual({ state: '1', errorCode: null, result: { updated: true } });
    expectFailure(await memberCall(t, other), 'authFailure');
    expect((await memberCall(t, token)).body.state).toBe('1');
    expect((await memberCall(t, stranger.token)).body.state).toBe('1');

    expect((await login('change@example.com', 'New-Pass-2')).body.state).toBe('1');
    expectFailure(await login('change@example.com', 'Old-Pass-1'), 'loginIncorrect');
    const [row] = await t.app.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
    expect(row?.hash).not.toContain('New-Pass-2');
  });

  it('work alike under /login/update-pwd', async () => {
    const { token } = await loggedIn('update@example.com');
    const changed = await change(token, 'Old-Pass-1', 'New-Pass-2', calls.updatePwd);
    expect(changed.body).toEqual({ state: '1', errorCode: null, result: { updated: true } });
    expect((await login('update@example.com', 'New-Pass-2')).body.state).toBe('1');
  });

  it('count wrong current passwords towards the login lock: 40001, then 40002 with time', async () => {
    const { token } = await loggedIn('wrong@example.com');
    for (let i = 0; i < 4; i++) {
      expectFailure(await change(token, `Wrong-Pass-${i}`, 'New-Pass-2'), 'loginIncorrect');
    }
    expectFailure(await change(token, 'Wrong-Pass-5', 'New-Pass-2'), 'loginLocked', { time: 300 });
    t.clock.advance(60_000);
    expectFailure(await change(token, 'Old-Pass-1', 'New-Pass-2'), 'loginLocked', { time: 240 });
    // The same lock as password login's.
    expectFailure(await login('wrong@example.com', 'Old-Pass-1'), 'loginLocked', { time: 240 });
    t.clock.advance(240_000);
    expect((await change(token, 'Old-Pass-1', 'New-Pass-2')).body.state).toBe('1');
  });

  it('answer 40005 for the same password, and invalidRequest for a weak one', async () => {
    const { token } = await loggedIn('rules@example.com');
    expectFailure(await change(token, 'Old-Pass-1', 'Old-Pass-1'), 'passwordSameAsOld');
    expectFailure(await change(token, 'Old-Pass-1', 'Old-Pass -1'), 'passwordSameAsOld');
    const weak = await change(token, 'Old-Pass-1', 'weakpass');
    expect(weak.body).toEqual({
      state: '0',
      errorCode: '10001',
      errorMsg: expect.any(String) as string,
      result: { fields: [{ path: 'newPwd', message: 'password-error-rules' }] },
    });
    const notEncrypted = await t.call(
      calls.changePwd,
      { currentPwd: 'Old-Pass-1', newPwd: encrypt('New-Pass-2') },
      { authorization: `Bearer ${token}` },
    );
    expectFailure(notEncrypted, 'invalidRequest');
    // None of these changed anything.
    expect((await login('rules@example.com', 'Old-Pass-1')).body.state).toBe('1');
  });

  it('answer 20002 without a live token', async () => {
    expectFailure(await t.call(calls.changePwd, unchecked({})), 'authFailure');
    const { token } = await loggedIn('out@example.com');
    await t.call(calls.logoutByToken, {}, { authorization: token });
    expectFailure(await change(token, 'Old-Pass-1', 'New-Pass-2'), 'authFailure');
    expectFailure(await change(token, 'Old-Pass-1', 'New-Pass-2', calls.updatePwd), 'authFailure');
  });
});
