import { calls } from '@portal/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, unchecked } from '../../../../test/test-app';
import { users, verifications } from '../../../db/schema';
import { RESET_TOKEN_TTL_SECONDS } from '../forgotten-password';
import {
  type Encrypt,
  openWithEncrypter,
  expectFailure,
  lastMessage,
  memberCall,
  memberWithPassword,
  messagesTo,
  sentCode,
  tokenOf,
  wrongCode,
} from '../../../../test/call-helpers';

let t: TestApp;
let encrypt: Encrypt;
beforeAll(async () => ({ t, encrypt } = await openWithEncrypter({ now: '2026-03-01T12:00:00Z' })));
afterAll(() => t.close());

type Target = Record<string, string>;
const byEmail = (email: string): Target => ({ sendType: 'email', email });
const bySms = (mobileNo: string): Target => ({ sendType: 'sms', mobileNoPrefix: '44', mobileNo });

const send = (target: Target) => t.call(calls.sendForgetPwd, unchecked(target));
const verify = (target: Target, verifiCode: string) =>
  t.call(calls.verifyForgetPwdCode, unchecked({ ...target, verifiCode }));
const checkToken = (uuid: string) => t.call(calls.checkResetToken, { uuid });
const reset = (uuid: string, password: string, call: typeof calls.resetPwd = calls.resetPwd) =>
  t.call(call, { uuid, password: encrypt(password) });
const login = (email: string, password: string) =>
  t.call(calls.genToken, { email, password: encrypt(password) });

/** Send, read the code from the outbox, check it: the reset token. */
async function resetToken(target: Target, to: string): Promise<string> {
  expect((await send(target)).body.state).toBe('1');
  const verified = await verify(target, await sentCode(t, to));
  expect(verified.body).toMatchObject({
    state: '1',
    result: { uuid: expect.any(String) as string, sendType: target.sendType },
  });
  return (verified.body.result as { uuid: string }).uuid;
}

describe('forgotten password', () => {
  it('resets the password end to end by email, ending every session', async () => {
    await memberWithPassword(t, { email: 'Reset@Example.com', password: 'Old-Pass-1' });
    const before = tokenOf(await login('reset@example.com', 'Old-Pass-1'));

    const sent = await send(byEmail('RESET@example.com'));
    expect(sent.body).toEqual({
      state: '1',
      errorCode: null,
      result: { sent: true, sendType: 'email', to: 'r•••@example.com' },
    });
    const message = await lastMessage(t, 'reset@example.com');
    expect(message).toMatchObject({ channel: 'email', subject: 'Reset your password' });
    expect(message?.body).toContain(message!.code!);
    expect(message?.body).toContain('reset the password');

    const verified = await verify(byEmail('reset@example.com'), message!.code!);
    expect(verified.body).toMatchObject({ state: '1', result: { sendType: 'email' } });
    const { uuid } = verified.body.result as { uuid: string };
    // The token is answered, never sent.
    expect(await messagesTo(t, 'reset@example.com')).toHaveLength(1);

    expect((await checkToken(uuid)).body).toEqual({
      state: '1',
      errorCode: null,
      result: { valid: true },
    });
    expect((await checkToken(uuid)).body.state).toBe('1');

    expect((await reset(uuid, 'New-Pass-2')).body).toEqual({
      state: '1',
      errorCode: null,
      result: { reset: true },
    });
    expectFailure(await memberCall(t, before), 'authFailure');
    expect((await login('reset@example.com', 'New-Pass-2')).body.state).toBe('1');
    expectFailure(await login('reset@example.com', 'Old-Pass-1'), 'loginIncorrect');
    const [row] = await t.app.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'Reset@Example.com'));
    expect(row?.hash).toMatch(/^\$argon2id\$/);

    // Single use.
    expectFailure(await reset(uuid, 'Newer-Pass-3'), 'linkExpired');
    expectFailure(await checkToken(uuid), 'linkExpired');
    expectFailure(await login('reset@example.com', 'Newer-Pass-3'), 'loginIncorrect');
  });

  it('resets by SMS under /user/pwd/reset too, and clears the login lock', async () => {
    await memberWithPassword(t, {
      email: 'sms-reset@example.com',
      mobilePrefix: '44',
      mobileNumber: '7400123458',
      password: 'Old-Pass-1',
    });
    for (let i = 0; i < 4; i++) await login('sms-reset@example.com', `Wrong-${i}`);
    expectFailure(await login('sms-reset@example.com', 'Wrong-5'), 'loginLocked', { time: 300 });

    const sent = await send(bySms('07400 123458'));
    expect(sent.body.result).toEqual({ sent: true, sendType: 'sms', to: '+44•••••••458' });
    const message = await lastMessage(t, '+447400123458');
    expect(message).toMatchObject({ channel: 'sms' });
    expect(message?.body).toContain('reset the password');
    t.clock.advance(1000); // a newer code, told apart from the first by its time
    const uuid = await resetToken(bySms('7400123458'), '+447400123458');
    expect((await reset(uuid, 'New-Pass-2', calls.pwdReset)).body.state).toBe('1');
    expect((await login('sms-reset@example.com', 'New-Pass-2')).body.state).toBe('1');
  });

  it('answers an unknown target as a known one, and no code checks for it', async () => {
    await memberWithPassword(t, { email: 'kate@example.com', password: 'Kate-Pass-1' });
    const known = await send(byEmail('kate@example.com'));
    const unknown = await send(byEmail('kim@example.com'));
    expect(unknown.body).toEqual(known.body);
    expect(await messagesTo(t, 'kim@example.com')).toHaveLength(0);
    expectFailure(await verify(byEmail('kim@example.com'), '123456'), 'codeNotRecognised');
    expectFailure(await verify(byEmail('kim@example.com'), '000000'), 'codeNotRecognised');
    expectFailure(await verify(byEmail('kim@example.com'), '999999'), 'codeLocked', { time: 300 });
  });

  it('answers 30014, 30015 and 30005 for wrong, expired and too many codes', async () => {
    await memberWithPassword(t, { email: 'codes@example.com', password: 'Codes-Pass-1' });
    await send(byEmail('codes@example.com'));
    const code = await sentCode(t, 'codes@example.com');
    expectFailure(await verify(byEmail('codes@example.com'), wrongCode(code)), 'codeNotRecognised');
    t.clock.advance(10 * 60_000);
    expectFailure(await verify(byEmail('codes@example.com'), code), 'codeExpired');
    await send(byEmail('codes@example.com'));
    const next = await sentCode(t, 'codes@example.com');
    expectFailure(await verify(byEmail('codes@example.com'), wrongCode(next)), 'codeNotRecognised');
    expectFailure(await verify(byEmail('codes@example.com'), wrongCode(next)), 'codeLocked', {
      time: 300,
    });
  });

  it('answers 30031 with the seconds left for a fourth request within the window', async () => {
    await memberWithPassword(t, { email: 'busy@example.com', password: 'Busy-Pass-1' });
    for (let i = 0; i < 3; i++)
      expect((await send(byEmail('busy@example.com'))).body.state).toBe('1');
    t.clock.advance(30_000);
    expectFailure(await send(byEmail('busy@example.com')), 'codeBusy', { time: 270 });
    // Alike for a target no account has.
    for (let i = 0; i < 3; i++) await send(byEmail('nobody-busy@example.com'));
    expectFailure(await send(byEmail('nobody-busy@example.com')), 'codeBusy', { time: 300 });
  });

  it('answers linkExpired for an expired token, before looking at the password', async () => {
    await memberWithPassword(t, { email: 'expired@example.com', password: 'Old-Pass-1' });
    const uuid = await resetToken(byEmail('expired@example.com'), 'expired@example.com');
    t.clock.advance(RESET_TOKEN_TTL_SECONDS * 1000);
    expectFailure(await checkToken(uuid), 'linkExpired');
    expectFailure(await reset(uuid, 'weak'), 'linkExpired');
    expectFailure(await reset(uuid, 'New-Pass-2'), 'linkExpired');
  });

  it('answers notFound for a token never issued, or issued for something else', async () => {
    const random = randomUUID();
    expectFailure(await checkToken(random), 'notFound');
    expectFailure(await reset(random, 'New-Pass-2'), 'notFound');
    expectFailure(await t.call(calls.checkResetToken, { uuid: 'not-a-uuid' }), 'invalidRequest');

    const user = await memberWithPassword(t, { email: 'link@example.com', password: 'Old-Pass-1' });
    const [link] = await t.app.db
      .insert(verifications)
      .values({
        purpose: 'email-link',
        target: 'link@example.com',
        channel: 'email',
        userId: user.id,
        expiresAt: new Date(t.clock.now().getTime() + 3600_000),
      })
      .returning();
    expectFailure(await checkToken(link!.id), 'notFound');
  });

  it('refuses the old password and a weak one, leaving the token usable', async () => {
    await memberWithPassword(t, { email: 'rules@example.com', password: 'Old-Pass-1' });
    const uuid = await resetToken(byEmail('rules@example.com'), 'rules@example.com');
    expectFailure(await reset(uuid, 'Old-Pass-1'), 'passwordSameAsOld');
    // Whitespace is removed before the rules and the comparison.
    expectFailure(await reset(uuid, ' Old-Pass -1 '), 'passwordSameAsOld');
    const weak = await reset(uuid, 'weakpass');
    expect(weak.body).toEqual({
      state: '0',
      errorCode: '10001',
      errorMsg: expect.any(String) as string,
      result: { fields: [{ path: 'password', message: 'password-error-rules' }] },
    });
    const long = await reset(uuid, `Aa1-${'x'.repeat(60)}`);
    expect(long.body).toMatchObject({
      errorCode: '10001',
      result: { fields: [{ path: 'password', message: 'form-max-50' }] },
    });
    expectFailure(await t.call(calls.resetPwd, { uuid, password: 'plain text' }), 'invalidRequest');

    expect((await checkToken(uuid)).body.state).toBe('1');
    expect((await reset(uuid, 'New-Pass-2')).body.state).toBe('1');
    expect((await login('rules@example.com', 'New-Pass-2')).body.state).toBe('1');
  });

  it('lets only the newest token of a member work', async () => {
    await memberWithPassword(t, { email: 'twice@example.com', password: 'Old-Pass-1' });
    const first = await resetToken(byEmail('twice@example.com'), 'twice@example.com');
    t.clock.advance(1000);
    const second = await resetToken(byEmail('twice@example.com'), 'twice@example.com');
    expectFailure(await checkToken(first), 'linkExpired');
    expect((await checkToken(second)).body.state).toBe('1');
  });
});
