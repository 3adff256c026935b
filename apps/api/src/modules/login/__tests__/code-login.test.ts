import { demoMembershipNumber, calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, unchecked } from '../../../../test/test-app';
import { memberships, users, verifications } from '../../../db/schema';
import { CODE_TTL_SECONDS } from '../../../platform/verification';
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

const byEmail = (email: string) => ({ sendType: 'email', email });
const bySms = (mobileNo: string, mobileNoPrefix = '+44') => ({
  sendType: 'sms',
  mobileNoPrefix,
  mobileNo,
});
const send = (target: Record<string, string>) => t.call(calls.sendLoginCode, unchecked(target));
const check = (target: Record<string, string>, verifiCode: string) =>
  t.call(calls.checkLoginCode, unchecked({ ...target, verifiCode }));

describe('/login/send-random-code and /login/check-verifi-code', () => {
  it('log a member in by a code sent by email, whatever the case of the address', async () => {
    const user = await memberWithPassword(t, { email: 'Ann@Example.com', password: 'Ann-Pass-1' });
    const sent = await send(byEmail('ANN@example.com'));
    expect(sent.body).toEqual({
      state: '1',
      errorCode: null,
      result: { sent: true, sendType: 'email', to: 'a•••@example.com' },
    });
    const message = await lastMessage(t, 'ann@example.com');
    expect(message).toMatchObject({ channel: 'email', subject: 'Your login code' });
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.body).toContain(message!.code!);
    expect(message?.body).toContain('log in');

    const login = await check(byEmail('ann@example.com'), message!.code!);
    expect(login.body.result).toMatchObject({
      tokenExpirySeconds: 6 * 60 * 60,
      isFirstLogin: true,
      userInfo: { firstName: 'Ann', lastName: 'Lee', email: 'Ann@Example.com', channel: 'ASE' },
    });
    const status = await memberCall(t, tokenOf(login));
    expect(status.body).toMatchObject({ state: '1', result: { emailIsCheck: false } });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isFirstLogin).toBe(false);
  });

  it('log a member in by a code sent by SMS, comparing numbers as E.164', async () => {
    // Stored as typed, with the trunk prefix and a space; asked for without them.
    await memberWithPassword(t, {
      email: 'sms@example.com',
      mobilePrefix: '44',
      mobileNumber: '07400 123457',
      password: 'Sms-Pass-1',
    });
    const sent = await send(bySms('7400123457'));
    expect(sent.body.result).toEqual({ sent: true, sendType: 'sms', to: '+44•••••••457' });
    const message = await lastMessage(t, '+447400123457');
    expect(message).toMatchObject({ channel: 'sms', subject: null });
    expect(message?.body).toContain(message!.code!);

    const login = await check(bySms('07400 123457', '44'), message!.code!);
    expect(login.body.result).toMatchObject({
      isFirstLogin: true,
      userInfo: { email: 'sms@example.com', mobileNo: '07400 123457', mobileNoPrefix: '44' },
    });
    expect((await memberCall(t, tokenOf(login))).body.state).toBe('1');
  });

  it('answer an unknown address or number as a known one, sending nothing', async () => {
    await memberWithPassword(t, { email: 'amy@example.com', password: 'Amy-Pass-1' });
    const known = await send(byEmail('amy@example.com'));
    const unknown = await send(byEmail('ava@example.com'));
    expect(unknown.body).toEqual(known.body);
    expect(await messagesTo(t, 'ava@example.com')).toHaveLength(0);
    const [row] = await t.app.db
      .select()
      .from(verifications)
      .where(eq(verifications.target, 'ava@example.com'));
    expect(row).toMatchObject({ purpose: 'login-code', userId: null });

    const unknownSms = await send(bySms('7400123499'));
    expect(unknownSms.body.result).toEqual({ sent: true, sendType: 'sms', to: '+44•••••••499' });
    expect(await messagesTo(t, '+447400123499')).toHaveLength(0);

    // Any code for it is a wrong code, counted towards the lock like a known target's.
    for (const code of ['123456', '000000']) {
      expectFailure(await check(byEmail('ava@example.com'), code), 'codeNotRecognised');
    }
    expectFailure(await check(byEmail('ava@example.com'), '654321'), 'codeLocked', { time: 300 });
    expectFailure(await check(bySms('7400123499'), '123456'), 'codeNotRecognised');
  });

  it('throttle requests for unknown targets too: the fourth within the window is busy', async () => {
    for (const email of ['busy@example.com', 'nobody-busy@example.com']) {
      if (email === 'busy@example.com') {
        await memberWithPassword(t, { email, password: 'Busy-Pass-1' });
      }
      for (let i = 0; i < 3; i++) {
        expect((await send(byEmail(email))).body.state).toBe('1');
        t.clock.advance(10_000);
      }
      // The third request, 20 s ago now, started a 5-minute wait.
      expectFailure(await send(byEmail(email)), 'codeBusy', { time: 290 });
    }
    expect(await messagesTo(t, 'busy@example.com')).toHaveLength(3);
  });

  it('answer 30014 for a wrong code, 30015 once it has expired, 30005 after 3 wrong', async () => {
    await memberWithPassword(t, { email: 'codes@example.com', password: 'Codes-Pass-1' });
    await send(byEmail('codes@example.com'));
    const code = await sentCode(t, 'codes@example.com');
    expectFailure(await check(byEmail('codes@example.com'), wrongCode(code)), 'codeNotRecognised');
    t.clock.advance(CODE_TTL_SECONDS * 1000);
    expectFailure(await check(byEmail('codes@example.com'), code), 'codeExpired');

    t.clock.advance(1000);
    await send(byEmail('codes@example.com'));
    const next = await sentCode(t, 'codes@example.com');
    expectFailure(await check(byEmail('codes@example.com'), wrongCode(next)), 'codeNotRecognised');
    const locked = await check(byEmail('codes@example.com'), wrongCode(next));
    expect(locked.body).toMatchObject({ state: '0', errorCode: '30005', result: { time: 300 } });
    t.clock.advance(60_000);
    expectFailure(await check(byEmail('codes@example.com'), next), 'codeLocked', { time: 240 });
  });

  it('use a code up: it logs in once', async () => {
    await memberWithPassword(t, { email: 'once@example.com', password: 'Once-Pass-1' });
    await send(byEmail('once@example.com'));
    const code = await sentCode(t, 'once@example.com');
    expect((await check(byEmail('once@example.com'), code)).body.state).toBe('1');
    expectFailure(await check(byEmail('once@example.com'), code), 'codeExpired');
  });

  it('keep a code to its purpose: a login code does not reset a password', async () => {
    await memberWithPassword(t, { email: 'purpose@example.com', password: 'Purpose-Pass-1' });
    await send(byEmail('purpose@example.com'));
    const code = await sentCode(t, 'purpose@example.com');
    const other = await t.call(
      calls.verifyForgetPwdCode,
      unchecked({
        ...byEmail('purpose@example.com'),
        verifiCode: code,
      }),
    );
    expectFailure(other, 'codeExpired');
    expect((await check(byEmail('purpose@example.com'), code)).body.state).toBe('1');
  });

  it('answer membershipSuspended when every membership of the member is suspended', async () => {
    const user = await memberWithPassword(t, {
      email: 'suspended@example.com',
      password: 'Suspended-Pass-1',
    });
    await t.app.db
      .update(memberships)
      .set({ userId: user.id })
      .where(eq(memberships.dpid, demoMembershipNumber('coop', 'suspended')));
    await send(byEmail('suspended@example.com'));
    const code = await sentCode(t, 'suspended@example.com');
    expectFailure(await check(byEmail('suspended@example.com'), code), 'membershipSuspended');
  });

  it('clear the password lock, and leave password login as it was', async () => {
    await memberWithPassword(t, { email: 'locked@example.com', password: 'Locked-Pass-1' });
    const login = (password: string) =>
      t.call(calls.genToken, { email: 'locked@example.com', password: encrypt(password) });
    for (let i = 0; i < 4; i++) expectFailure(await login(`Wrong-${i}`), 'loginIncorrect');
    expectFailure(await login('Wrong-5'), 'loginLocked', { time: 300 });

    await send(byEmail('locked@example.com'));
    const code = await sentCode(t, 'locked@example.com');
    expect((await check(byEmail('locked@example.com'), code)).body.state).toBe('1');
    // Password login needs no code.
    expect((await login('Locked-Pass-1')).body.state).toBe('1');
  });

  it('do not log in a member deleted since the code was sent', async () => {
    const user = await memberWithPassword(t, { email: 'gone@example.com', password: 'Gone-1-a' });
    await send(byEmail('gone@example.com'));
    const code = await sentCode(t, 'gone@example.com');
    await t.app.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, user.id));
    expectFailure(await check(byEmail('gone@example.com'), code), 'codeNotRecognised');
  });

  it('refuse a target the send type cannot use, with the field messages', async () => {
    const noEmail = await send({ sendType: 'email' });
    expect(noEmail.body).toMatchObject({
      state: '0',
      errorCode: '10001',
      result: { fields: [{ path: 'email' }] },
    });
    const badMobile = await send(bySms('12'));
    expect(badMobile.body).toMatchObject({
      state: '0',
      errorCode: '10001',
      result: { fields: [{ path: 'mobileNo', message: 'mobile-error-invalid' }] },
    });
    const badCode = await check(byEmail('ann@example.com'), '12a456');
    expect(badCode.body).toMatchObject({ state: '0', errorCode: '10001' });
  });
});
