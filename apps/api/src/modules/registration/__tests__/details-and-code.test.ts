import { calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, lastMessage, sentCode, wrongCode } from '../../../../test/call-helpers';
import { insertMembership, insertUser } from '../../../../test/fixtures';
import { secondInstance, type TestApp } from '../../../../test/test-app';
import { registrations } from '../../../db/schema';
import { createSignUpApp, e164Of, freshDetails, type SignUpSteps } from './sign-up-steps';

let t: TestApp;
let steps: SignUpSteps;
beforeAll(async () => {
  ({ t, steps } = await createSignUpApp());
});
afterAll(() => t.close());

const MINUTE = 60_000;

async function sessionRow(uuid: string) {
  const [row] = await t.app.db.select().from(registrations).where(eq(registrations.id, uuid));
  return row!;
}

describe('/reg-activation/check-user-info', () => {
  it("accepts the holder's names whatever their case and surrounding spaces", async () => {
    const { dpid } = await insertMembership(t.app.db, { holderName: 'Anne-Marie  Van Dyke' });
    const uuid = await steps.open(dpid);
    const details = freshDetails({ firstName: '  anne-MARIE ', lastName: 'van dyke  ' });
    const { body } = await steps.checkDetails(uuid, {
      ...details,
      mobileNoPrefix: '+44',
      mobileNo: `0${details.mobileNo.slice(0, 4)} ${details.mobileNo.slice(4)}`,
    });
    expect(body).toEqual({
      state: '1',
      errorCode: null,
      result: { firstName: 'anne-MARIE', lastName: 'van dyke' },
    });
    expect((await sessionRow(uuid)).details).toEqual({
      firstName: 'anne-MARIE',
      lastName: 'van dyke',
      email: details.email,
      mobilePrefix: '44',
      mobileNumber: details.mobileNo,
      mobileAreaCode: 'GB',
      sendType: 'sms',
    });
  });

  it('answers 30007 when the last name differs and 30035 when only the first name does', async () => {
    const { dpid } = await insertMembership(t.app.db, { holderName: 'Ann Lee' });
    const uuid = await steps.open(dpid);
    const lastDiffers = await steps.checkDetails(uuid, freshDetails({ lastName: 'Leigh' }));
    expect(lastDiffers.body).toEqual({
      state: '0',
      errorCode: '30007',
      errorMsg: 'Please check details',
    });
    const bothDiffer = await steps.checkDetails(
      uuid,
      freshDetails({ firstName: 'Bob', lastName: 'Smith' }),
    );
    expectFailure(bothDiffer, 'detailsMismatch');
    const firstDiffers = await steps.checkDetails(uuid, freshDetails({ firstName: 'Anna' }));
    expect(firstDiffers.body).toEqual({
      state: '0',
      errorCode: '30035',
      errorMsg: 'Please check details',
    });
  });

  it('accepts any names for a number issued without a holder name', async () => {
    const { dpid } = await insertMembership(t.app.db, { holderName: null });
    const uuid = await steps.open(dpid);
    const { body } = await steps.checkDetails(
      uuid,
      freshDetails({ firstName: 'Zoë', lastName: 'Brontë' }),
    );
    expect(body.result).toEqual({ firstName: 'Zoë', lastName: 'Brontë' });
  });

  it("answers 30034 for the holder's own registered email, 30000 for someone else's", async () => {
    await insertUser(t.app.db, {
      email: 'Taken@Example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      mobileNumber: '7400599001',
    });
    const { dpid } = await insertMembership(t.app.db, { holderName: 'Ann Lee' });
    const uuid = await steps.open(dpid);
    expect(
      (await steps.checkDetails(uuid, freshDetails({ email: 'taken@example.COM' }))).body,
    ).toEqual({
      state: '0',
      errorCode: '30034',
      errorMsg:
        'This email address has already been registered. Please login to add an additional membership.',
    });

    await insertUser(t.app.db, {
      email: 'partner@example.com',
      firstName: 'Bob',
      lastName: 'Lee',
      mobileNumber: '7400599002',
    });
    expect(
      (await steps.checkDetails(uuid, freshDetails({ email: 'partner@example.com' }))).body,
    ).toEqual({
      state: '0',
      errorCode: '30000',
      errorMsg: 'Please use a different email address to register your additional membership.',
    });
  });

  it('answers 30033 for a mobile registered to an account, compared as E.164', async () => {
    await insertUser(t.app.db, {
      email: 'mobile@example.com',
      mobilePrefix: '+44',
      mobileNumber: '07400 599 003',
    });
    const { dpid } = await insertMembership(t.app.db);
    const uuid = await steps.open(dpid);
    const { body } = await steps.checkDetails(uuid, freshDetails({ mobileNo: '7400599003' }));
    expect(body).toEqual({
      state: '0',
      errorCode: '30033',
      errorMsg: 'This mobile number is already registered.',
    });
  });

  it('ignores deleted accounts', async () => {
    await insertUser(t.app.db, {
      email: 'gone@example.com',
      mobileNumber: '7400599004',
      deletedAt: t.clock.now(),
    });
    const { dpid } = await insertMembership(t.app.db);
    const uuid = await steps.open(dpid);
    const details = freshDetails({ email: 'gone@example.com', mobileNo: '7400599004' });
    expect((await steps.checkDetails(uuid, details)).body.state).toBe('1');
  });

  it('answers 30010 for an unknown session and 10001 for invalid details', async () => {
    const unknown = await steps.checkDetails(
      '00000000-0000-4000-8000-000000000000',
      freshDetails(),
    );
    expect(unknown.body).toEqual({ state: '0', errorCode: '30010', errorMsg: 'Session time out' });
    const { dpid } = await insertMembership(t.app.db);
    const uuid = await steps.open(dpid);
    expectFailure(
      await steps.checkDetails(uuid, freshDetails({ mobileNo: '12' })),
      'invalidRequest',
      {
        fields: [{ path: 'mobileNo', message: 'mobile-error-invalid' }],
      },
    );
    expectFailure(
      await steps.checkDetails(uuid, freshDetails({ email: 'nope' })),
      'invalidRequest',
    );
    expectFailure(
      await steps.checkDetails(uuid, freshDetails({ firstName: 'x'.repeat(51) })),
      'invalidRequest',
    );
  });
});

describe('/reg-activation/send-random-code', () => {
  it('sends the code to the checked email, or by SMS to the checked mobile', async () => {
    const { dpid } = await insertMembership(t.app.db, {
      issuer: 'barclays',
      cardType: 'travel-pack',
    });
    const uuid = await steps.open(dpid);
    const details = freshDetails({ email: 'Sign.Up@Example.com' });
    await steps.checkDetails(uuid, details);

    const byEmail = await steps.sendCode(uuid, 'email', { email: 'sign.up@example.com' });
    expect(byEmail.body).toEqual({
      state: '1',
      errorCode: null,
      result: { sent: true, sendType: 'email', to: 's•••@example.com' },
    });
    const email = await lastMessage(t, 'sign.up@example.com');
    expect(email).toMatchObject({ channel: 'email', subject: 'Your registration code' });
    expect(email?.body).toContain('Hello Ann');
    expect(email?.body).toContain('register your Barclays lounge membership');
    expect(email?.body).toContain(email!.code!);
    expect((await sessionRow(uuid)).codeTarget).toBe('sign.up@example.com');

    const bySms = await steps.sendCode(uuid, 'sms');
    expect(bySms.body.result).toEqual({
      sent: true,
      sendType: 'sms',
      to: `+44•••••••${details.mobileNo.slice(-3)}`,
    });
    const sms = await lastMessage(t, e164Of(details));
    expect(sms?.channel).toBe('sms');
    expect(sms?.body).toMatch(/^\d{6} is your code to register your Barclays lounge membership\./);
    expect(await sessionRow(uuid)).toMatchObject({
      codeTarget: e164Of(details),
      details: { sendType: 'sms' },
    });
  });

  it('answers 10001 when the payload names another email or mobile than was checked', async () => {
    const { dpid } = await insertMembership(t.app.db);
    const uuid = await steps.open(dpid);
    const details = freshDetails();
    await steps.checkDetails(uuid, details);
    expectFailure(
      await steps.sendCode(uuid, 'email', { email: 'other@example.com' }),
      'invalidRequest',
    );
    expectFailure(
      await steps.sendCode(uuid, 'sms', { mobileNoPrefix: '44', mobileNo: '7400599999' }),
      'invalidRequest',
    );
    const same = await steps.sendCode(uuid, 'sms', {
      mobileNoPrefix: '+44',
      mobileNo: `0${details.mobileNo}`,
      email: details.email.toUpperCase(),
    });
    expect(same.body.state).toBe('1');
  });

  it('answers 30031 at the fourth request within 15 minutes, for 5 minutes', async () => {
    const { dpid } = await insertMembership(t.app.db);
    const uuid = await steps.open(dpid);
    await steps.checkDetails(uuid, freshDetails());
    for (let i = 0; i < 3; i++) expect((await steps.sendCode(uuid, 'email')).body.state).toBe('1');
    expect((await steps.sendCode(uuid, 'email')).body).toEqual({
      state: '0',
      errorCode: '30031',
      errorMsg: 'Too many 6-digit code requests. Please wait five minutes before requesting again.',
      result: { time: 300 },
    });
    // The other channel has its own count.
    expect((await steps.sendCode(uuid, 'sms')).body.state).toBe('1');
    t.clock.advance(2 * MINUTE);
    expectFailure(await steps.sendCode(uuid, 'email'), 'codeBusy', { time: 180 });
    t.clock.advance(3 * MINUTE);
    expect((await steps.sendCode(uuid, 'email')).body.state).toBe('1');
  });
});

describe('/reg-activation/check-verifi-code', () => {
  it('marks the session verified with the right code, which works once', async () => {
    const { dpid } = await insertMembership(t.app.db);
    const details = freshDetails();
    const uuid = await steps.codeSent(dpid, details);
    const code = await sentCode(t, details.email);
    expect((await steps.checkCode(uuid, code)).body).toEqual({
      state: '1',
      errorCode: null,
      result: { verified: true },
    });
    expect((await sessionRow(uuid)).codeVerifiedAt).toEqual(t.clock.now());
    expectFailure(await steps.checkCode(uuid, code), 'codeExpired');
  });

  it('checks the code sent last, by the channel chosen last', async () => {
    const { dpid } = await insertMembership(t.app.db);
    const details = freshDetails();
    const uuid = await steps.codeSent(dpid, details);
    const emailed = await sentCode(t, details.email);
    await steps.sendCode(uuid, 'sms');
    const texted = await sentCode(t, e164Of(details));
    if (emailed !== texted)
      expectFailure(await steps.checkCode(uuid, emailed), 'codeNotRecognised');
    expect((await steps.checkCode(uuid, texted)).body.state).toBe('1');
  });

  it('answers 30014 for a wrong code and 30015 once it has expired (10 minutes)', async () => {
    const { dpid } = await insertMembership(t.app.db);
    const details = freshDetails();
    const uuid = await steps.codeSent(dpid, details);
    const code = await sentCode(t, details.email);
    expect((await steps.checkCode(uuid, wrongCode(code))).body).toEqual({
      state: '0',
      errorCode: '30014',
      errorMsg: 'Code not recognised, please try again.',
    });
    t.clock.advance(10 * MINUTE);
    expect((await steps.checkCode(uuid, code)).body).toEqual({
      state: '0',
      errorCode: '30015',
      errorMsg: 'The verification code has expired. Please request a new code.',
    });
  });

  it('locks for 5 minutes at the third wrong code, also on a second instance', async () => {
    const { dpid } = await insertMembership(t.app.db);
    const details = freshDetails();
    const uuid = await steps.codeSent(dpid, details);
    const code = await sentCode(t, details.email);
    expectFailure(await steps.checkCode(uuid, wrongCode(code)), 'codeNotRecognised');
    expectFailure(await steps.checkCode(uuid, wrongCode(code)), 'codeNotRecognised');
    expect((await steps.checkCode(uuid, wrongCode(code))).body).toEqual({
      state: '0',
      errorCode: '30005',
      errorMsg: 'Too many incorrect codes. Please wait five minutes and try again.',
      result: { time: 300 },
    });
    t.clock.advance(MINUTE);
    expectFailure(await steps.checkCode(uuid, code), 'codeLocked', { time: 240 });
    const other = await secondInstance(t);
    try {
      const { body } = await other.call(calls.checkRegistrationCode, {
        uuid,
        verifiCode: code,
      });
      expect(body).toMatchObject({ state: '0', errorCode: '30005', result: { time: 240 } });
    } finally {
      await other.close();
    }
    t.clock.advance(4 * MINUTE);
    // The lock retired the code: a new one is needed, and works.
    expectFailure(await steps.checkCode(uuid, code), 'codeExpired');
    await steps.sendCode(uuid, 'email');
    expect((await steps.checkCode(uuid, await sentCode(t, details.email))).body.state).toBe('1');
  });

  it('does not take a code sent for another session to the same address', async () => {
    const details = freshDetails();
    const mine = await steps.codeSent((await insertMembership(t.app.db)).dpid, details);
    t.clock.advance(1000);
    const theirs = await steps.codeSent((await insertMembership(t.app.db)).dpid, details);
    const code = await sentCode(t, details.email);
    expectFailure(await steps.checkCode(mine, code), 'codeNotRecognised');
    expect((await steps.checkCode(theirs, code)).body.state).toBe('1');
  });
});

describe('the registration session', () => {
  it('ends after 30 minutes without a call, each call starting the 30 minutes again', async () => {
    const { dpid } = await insertMembership(t.app.db);
    const details = freshDetails();
    const uuid = await steps.open(dpid);
    t.clock.advance(29 * MINUTE);
    expect((await steps.checkDetails(uuid, details)).body.state).toBe('1');
    t.clock.advance(29 * MINUTE);
    expect((await steps.sendCode(uuid)).body.state).toBe('1');
    t.clock.advance(30 * MINUTE);
    for (const response of [
      await steps.checkDetails(uuid, details),
      await steps.sendCode(uuid),
      await steps.checkCode(uuid, '123456'),
      await steps.create(uuid, 'Sign-Up-Pass-1'),
    ]) {
      expectFailure(response, 'sessionTimedOut');
    }
  });

  it('answers 30010 to a step taken before the one it follows', async () => {
    const { dpid } = await insertMembership(t.app.db);
    const uuid = await steps.open(dpid);
    expectFailure(await steps.sendCode(uuid), 'sessionTimedOut');
    expectFailure(await steps.checkCode(uuid, '123456'), 'sessionTimedOut');
    expectFailure(await steps.create(uuid, 'Sign-Up-Pass-1'), 'sessionTimedOut');
    await steps.checkDetails(uuid, freshDetails());
    expectFailure(await steps.checkCode(uuid, '123456'), 'sessionTimedOut');
    expectFailure(await steps.create(uuid, 'Sign-Up-Pass-1'), 'sessionTimedOut');
  });

  it('forgets a checked code when the details are checked again', async () => {
    const { dpid } = await insertMembership(t.app.db);
    const details = freshDetails();
    const uuid = await steps.verified(dpid, details);
    await steps.checkDetails(uuid, details);
    expect(await sessionRow(uuid)).toMatchObject({ codeTarget: null, codeVerifiedAt: null });
    expectFailure(await steps.create(uuid, 'Sign-Up-Pass-1'), 'sessionTimedOut');
  });
});
