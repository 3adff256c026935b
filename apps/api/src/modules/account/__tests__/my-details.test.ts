import { calls } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  lastMessage,
  memberCall,
  memberWithSession,
  messagesTo,
  sentCode,
  wrongCode,
} from '../../../../test/call-helpers';
import { insertMembership, insertUser, type NewUser } from '../../../../test/fixtures';
import { createTestApp, type TestApp, unchecked } from '../../../../test/test-app';
import { users, verifications } from '../../../db/schema';
import { createSession } from '../../../platform/sessions';
import { CODE_TTL_SECONDS, issueCode, issueToken } from '../../../platform/verification';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-01T12:00:00Z' });
});
afterAll(() => t.close());

const MINUTE = 60_000;
let serial = 0;

/** A fresh email and UK mobile no other member in this file has. */
function fresh() {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return { email: `member.${n}@example.com`, mobileNumber: `740061${n}` };
}

async function member(values: Partial<NewUser> = {}) {
  return memberWithSession(t, { ...fresh(), ...values });
}

type Headers = Record<string, string>;
const details = (headers: Headers) => t.call(calls.myDetails, {}, headers);
const verifyEmail = (headers: Headers, email: string) =>
  t.call(calls.verifyNewEmail, { email }, headers);
const verifyMobile = (headers: Headers, mobileNo: string, mobileNoPrefix = '+44') =>
  t.call(calls.verifyNewMobile, { mobileNoPrefix, mobileNo, mobileAreaCode: 'GB' }, headers);
const checkEmail = (headers: Headers, email: string, verifiCode: string) =>
  t.call(calls.checkAccountCode, { sendType: 'email', email, verifiCode }, headers);
const checkMobile = (headers: Headers, mobileNo: string, verifiCode: string) =>
  t.call(
    calls.checkAccountCode,
    { sendType: 'sms', mobileNoPrefix: '44', mobileNo, verifiCode },
    headers,
  );

/** The save payload of a member's current details, with changes. */
function saving(user: typeof users.$inferSelect, changes: Record<string, string> = {}) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    mobileNoPrefix: user.mobilePrefix,
    mobileNo: user.mobileNumber,
    mobileAreaCode: user.mobileAreaCode,
    ...changes,
  };
}
const save = (headers: Headers, payload: Record<string, string>) =>
  t.call(calls.saveMyDetails, unchecked(payload), headers);

async function userRow(id: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no such user');
  return row;
}

/** Sends a code to a new email and checks it, as the profile page does. */
async function confirmEmail(headers: Headers, email: string) {
  expect((await verifyEmail(headers, email)).body.state).toBe('1');
  const code = await sentCode(t, email.toLowerCase());
  expect((await checkEmail(headers, email, code)).body.state).toBe('1');
}

describe('/account/my-details', () => {
  it("answers the member's names, email, mobile and numbers, first registered first", async () => {
    const { user, headers } = await member({ firstName: 'Ann', lastName: 'Lee' });
    const later = await insertMembership(t.app.db, {
      userId: user.id,
      registeredAt: new Date('2026-02-01T00:00:00Z'),
    });
    const first = await insertMembership(t.app.db, {
      userId: user.id,
      registeredAt: new Date('2025-06-01T00:00:00Z'),
    });
    await insertMembership(t.app.db);
    const other = await member();
    await insertMembership(t.app.db, { userId: other.user.id });

    expect((await details(headers)).body).toEqual({
      state: '1',
      errorCode: null,
      result: {
        firstName: 'Ann',
        lastName: 'Lee',
        email: user.email,
        emailIsCheck: false,
        mobileNoPrefix: '44',
        mobileNo: user.mobileNumber,
        mobileAreaCode: 'GB',
        membershipNumbers: [first.dpid, later.dpid],
      },
    });
    await t.app.db
      .update(users)
      .set({ emailVerifiedAt: t.clock.now() })
      .where(eq(users.id, user.id));
    expect((await details(headers)).body.result).toMatchObject({ emailIsCheck: true });
  });

  it('every call of the profile needs a live token: 20002', async () => {
    for (const call of [
      calls.myDetails,
      calls.saveMyDetails,
      calls.verifyNewEmail,
      calls.verifyNewMobile,
      calls.checkAccountCode,
    ]) {
      expectFailure(await t.call(call, unchecked({})), 'authFailure');
      expectFailure(
        await t.call(call, unchecked({}), { authorization: 'Bearer not-a-token' }),
        'authFailure',
      );
    }
    const { user, headers } = await member();
    await t.app.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, user.id));
    expectFailure(await details(headers), 'authFailure');
  });
});

describe('/account/verify-email and /account/verify-mobile', () => {
  it('send a 6-digit code to the new email, recorded for the member', async () => {
    const { user, headers } = await member();
    const sent = await verifyEmail(headers, ' New.Address@Example.com ');
    expect(sent.body).toEqual({
      state: '1',
      errorCode: null,
      result: { sent: true, sendType: 'email', to: 'n•••@example.com' },
    });
    const message = await lastMessage(t, 'new.address@example.com');
    expect(message).toMatchObject({ channel: 'email', subject: 'Confirm your new email address' });
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.body).toContain(
      'confirm this email address for your NatWest lounge membership account',
    );
    expect(message?.body).toContain(message?.code);
    const rows = await t.app.db
      .select()
      .from(verifications)
      .where(eq(verifications.target, 'new.address@example.com'));
    expect(rows).toMatchObject([{ purpose: 'email-change', userId: user.id, channel: 'email' }]);
  });

  it('send a code by SMS to the new mobile, whatever its format', async () => {
    const { user, headers } = await member();
    const sent = await verifyMobile(headers, '07400 620 001');
    expect(sent.body).toEqual({
      state: '1',
      errorCode: null,
      result: { sent: true, sendType: 'sms', to: '+44•••••••001' },
    });
    const message = await lastMessage(t, '+447400620001');
    expect(message).toMatchObject({ channel: 'sms', subject: null });
    expect(message?.body).toMatch(
      /^\d{6} is your code to confirm this mobile number for your NatWest lounge membership account\./,
    );
    const [row] = await t.app.db
      .select()
      .from(verifications)
      .where(eq(verifications.target, '+447400620001'));
    expect(row).toMatchObject({ purpose: 'mobile-change', userId: user.id, channel: 'sms' });
  });

  it("answer 30034 for another member's email and 30033 for their mobile, sending nothing", async () => {
    const owner = await insertUser(t.app.db, fresh());
    const { headers } = await member();
    expectFailure(await verifyEmail(headers, owner.email.toUpperCase()), 'emailRegistered');
    expectFailure(await verifyMobile(headers, `0${owner.mobileNumber}`), 'mobileRegistered');
    expect(await lastMessage(t, owner.email)).toBeUndefined();
    expect(await lastMessage(t, `+44${owner.mobileNumber}`)).toBeUndefined();
  });

  it("answer 10001 on the field for the member's own email or mobile", async () => {
    const { user, headers } = await member();
    expect((await verifyEmail(headers, user.email.toUpperCase())).body).toMatchObject({
      state: '0',
      errorCode: '10001',
      result: { fields: [{ path: 'email', message: 'account-error-same-email' }] },
    });
    expect((await verifyMobile(headers, user.mobileNumber)).body).toMatchObject({
      state: '0',
      errorCode: '10001',
      result: { fields: [{ path: 'mobileNo', message: 'account-error-same-mobile' }] },
    });
  });

  it('answer 10001 for an invalid email or mobile', async () => {
    const { headers } = await member();
    expectFailure(await verifyEmail(headers, 'not-an-email'), 'invalidRequest');
    expectFailure(await verifyMobile(headers, '12'), 'invalidRequest');
    expectFailure(
      await t.call(calls.verifyNewMobile, unchecked({ mobileNo: '7400620002' }), headers),
      'invalidRequest',
    );
  });

  it('answer 30031 with the wait at the fourth code to one target', async () => {
    const { headers } = await member();
    for (let i = 0; i < 3; i++) {
      expect((await verifyEmail(headers, 'busy.new@example.com')).body.state).toBe('1');
      expect((await verifyMobile(headers, '7400620003')).body.state).toBe('1');
    }
    t.clock.advance(MINUTE);
    expectFailure(await verifyEmail(headers, 'busy.new@example.com'), 'codeBusy', { time: 240 });
    expectFailure(await verifyMobile(headers, '7400620003'), 'codeBusy', { time: 240 });
    // Another target is not held up.
    expect((await verifyEmail(headers, 'other.new@example.com')).body.state).toBe('1');
    t.clock.advance(4 * MINUTE);
    expect((await verifyEmail(headers, 'busy.new@example.com')).body.state).toBe('1');
  });
});

describe('/account/verify-email and /account/verify-mobile, per member', () => {
  it('take 10 requests in 15 minutes whatever the answer, then 30031 for 5 minutes', async () => {
    const owner = await insertUser(t.app.db, fresh());
    const { headers } = await member();
    const other = await member();
    // Probing who has an account: every answer counts, 30034 and 30033 too.
    for (let i = 0; i < 3; i++) {
      expectFailure(await verifyEmail(headers, owner.email), 'emailRegistered');
      expectFailure(await verifyMobile(headers, owner.mobileNumber), 'mobileRegistered');
    }
    for (let i = 0; i < 4; i++) {
      expect((await verifyEmail(headers, `probe.${i}@example.com`)).body.state).toBe('1');
    }
    t.clock.advance(MINUTE);
    expectFailure(await verifyEmail(headers, owner.email), 'codeBusy', { time: 240 });
    expectFailure(await verifyMobile(headers, owner.mobileNumber), 'codeBusy', { time: 240 });
    expectFailure(await verifyEmail(headers, 'probe.new@example.com'), 'codeBusy', { time: 240 });
    expect(await lastMessage(t, 'probe.new@example.com')).toBeUndefined();
    // Another member is not held up.
    expectFailure(await verifyEmail(other.headers, owner.email), 'emailRegistered');
    t.clock.advance(4 * MINUTE);
    expect((await verifyEmail(headers, 'probe.new@example.com')).body.state).toBe('1');
  });
});

describe('/account/check-verification-code', () => {
  it('accepts the code sent to the new email once', async () => {
    const { headers } = await member();
    await verifyEmail(headers, 'checked@example.com');
    const code = await sentCode(t, 'checked@example.com');
    expect((await checkEmail(headers, 'Checked@Example.com', code)).body).toEqual({
      state: '1',
      errorCode: null,
      result: { verified: true, sendType: 'email' },
    });
    expectFailure(await checkEmail(headers, 'checked@example.com', code), 'codeExpired');
  });

  it('accepts the code sent to the new mobile', async () => {
    const { headers } = await member();
    await verifyMobile(headers, '7400620004');
    const code = await sentCode(t, '+447400620004');
    expect((await checkMobile(headers, '07400620004', code)).body.result).toEqual({
      verified: true,
      sendType: 'sms',
    });
  });

  it('answers 30014 for a wrong code and locks at the third with 30005 and the wait', async () => {
    const { headers } = await member();
    await verifyEmail(headers, 'wrong.code@example.com');
    const code = await sentCode(t, 'wrong.code@example.com');
    expectFailure(
      await checkEmail(headers, 'wrong.code@example.com', wrongCode(code)),
      'codeNotRecognised',
    );
    expectFailure(
      await checkEmail(headers, 'wrong.code@example.com', wrongCode(code)),
      'codeNotRecognised',
    );
    expectFailure(
      await checkEmail(headers, 'wrong.code@example.com', wrongCode(code)),
      'codeLocked',
      {
        time: 300,
      },
    );
    t.clock.advance(MINUTE);
    expectFailure(await checkEmail(headers, 'wrong.code@example.com', code), 'codeLocked', {
      time: 240,
    });
    t.clock.advance(4 * MINUTE);
    // The lock retired the code: a new one is needed.
    expectFailure(await checkEmail(headers, 'wrong.code@example.com', code), 'codeExpired');
    await verifyEmail(headers, 'wrong.code@example.com');
    const next = await sentCode(t, 'wrong.code@example.com');
    expect((await checkEmail(headers, 'wrong.code@example.com', next)).body.state).toBe('1');
  });

  it('answers 30015 for an expired code, or when none was sent', async () => {
    const { headers } = await member();
    expectFailure(await checkEmail(headers, 'never.sent@example.com', '123456'), 'codeExpired');
    await verifyMobile(headers, '7400620005');
    const code = await sentCode(t, '+447400620005');
    t.clock.advance(CODE_TTL_SECONDS * 1000);
    expectFailure(await checkMobile(headers, '7400620005', code), 'codeExpired');
  });

  it("answers 30014 for a code sent to another member's request, leaving it theirs", async () => {
    const ann = await member();
    const bob = await member();
    await verifyEmail(ann.headers, 'wanted@example.com');
    const code = await sentCode(t, 'wanted@example.com');
    expectFailure(await checkEmail(bob.headers, 'wanted@example.com', code), 'codeNotRecognised');
    expectFailure(await checkEmail(bob.headers, 'wanted@example.com', code), 'codeNotRecognised');
    expectFailure(await checkEmail(bob.headers, 'wanted@example.com', code), 'codeNotRecognised');
    // Not used up, nor locked by Bob's tries.
    expect((await checkEmail(ann.headers, 'wanted@example.com', code)).body.state).toBe('1');
  });

  it("another member's requests for the same address neither cancel nor hold up this member's code", async () => {
    const ann = await member();
    const bob = await member();
    await verifyEmail(ann.headers, 'contested@example.com');
    const annCode = await sentCode(t, 'contested@example.com');
    for (let i = 0; i < 3; i++) {
      expect((await verifyEmail(bob.headers, 'contested@example.com')).body.state).toBe('1');
    }
    expectFailure(await verifyEmail(bob.headers, 'contested@example.com'), 'codeBusy');
    const bobCode = await sentCode(t, 'contested@example.com');
    for (let i = 0; i < 2; i++) {
      expectFailure(
        await checkEmail(bob.headers, 'contested@example.com', wrongCode(bobCode)),
        'codeNotRecognised',
      );
    }
    expectFailure(
      await checkEmail(bob.headers, 'contested@example.com', wrongCode(bobCode)),
      'codeLocked',
    );
    // Ann's code still works, and she can still ask for another.
    expect((await checkEmail(ann.headers, 'contested@example.com', annCode)).body.state).toBe('1');
    expect((await verifyEmail(ann.headers, 'contested@example.com')).body.state).toBe('1');
  });

  it('answers 10001 for a malformed code', async () => {
    const { headers } = await member();
    expectFailure(await checkEmail(headers, 'x@example.com', '12ab'), 'invalidRequest');
  });
});

describe('/account/my-details/save', () => {
  it('saves trimmed names; the same email and mobile in another form need no code', async () => {
    const { user, headers } = await member({ email: 'Same.Case@Example.com' });
    const saved = await save(
      headers,
      saving(user, {
        firstName: '  Annie ',
        lastName: ' Leigh',
        email: 'same.case@example.com',
        mobileNo: `0${user.mobileNumber.slice(0, 4)} ${user.mobileNumber.slice(4)}`,
      }),
    );
    expect(saved.body).toEqual({
      state: '1',
      errorCode: null,
      result: {
        firstName: 'Annie',
        lastName: 'Leigh',
        email: 'same.case@example.com',
        emailIsCheck: false,
        mobileNoPrefix: '44',
        mobileNo: user.mobileNumber,
        mobileAreaCode: 'GB',
        membershipNumbers: [],
      },
    });
    expect(await userRow(user.id)).toMatchObject({ firstName: 'Annie', emailVerifiedAt: null });
  });

  it('answers 30050 for a new email not confirmed by a code, and saves it once confirmed', async () => {
    const { user, headers } = await member();
    const changed = saving(user, { email: 'Confirmed.New@Example.com' });
    expectFailure(await save(headers, changed), 'verificationRequired');
    await verifyEmail(headers, 'confirmed.new@example.com');
    // Sent but not checked is not enough.
    expectFailure(await save(headers, changed), 'verificationRequired');
    await checkEmail(
      headers,
      'confirmed.new@example.com',
      await sentCode(t, 'confirmed.new@example.com'),
    );

    t.clock.advance(29 * MINUTE);
    const saved = await save(headers, changed);
    expect(saved.body.result).toMatchObject({
      email: 'Confirmed.New@Example.com',
      emailIsCheck: true,
    });
    expect((await userRow(user.id)).emailVerifiedAt).toEqual(t.clock.now());
    expect((await details(headers)).body.result).toMatchObject({
      email: 'Confirmed.New@Example.com',
    });
  });

  it('answers 30050 when the code was checked more than 30 minutes ago', async () => {
    const { user, headers } = await member();
    await confirmEmail(headers, 'stale.check@example.com');
    t.clock.advance(31 * MINUTE);
    expectFailure(
      await save(headers, saving(user, { email: 'stale.check@example.com' })),
      'verificationRequired',
    );
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it('saves a new mobile once confirmed, as dial code and national number', async () => {
    const { user, headers } = await member();
    const changed = saving(user, { mobileNoPrefix: '+44', mobileNo: '07400 620006' });
    expectFailure(await save(headers, changed), 'verificationRequired');
    await verifyMobile(headers, '7400620006');
    await checkMobile(headers, '7400620006', await sentCode(t, '+447400620006'));
    const saved = await save(headers, changed);
    expect(saved.body.result).toMatchObject({
      mobileNoPrefix: '44',
      mobileNo: '7400620006',
      mobileAreaCode: 'GB',
      emailIsCheck: false,
    });
  });

  it('does not take a code another member checked', async () => {
    const ann = await member();
    const bob = await member();
    await confirmEmail(ann.headers, 'shared.wish@example.com');
    expectFailure(
      await save(bob.headers, saving(bob.user, { email: 'shared.wish@example.com' })),
      'verificationRequired',
    );
  });

  it('answers 30034 and 30033 when another member holds the new email or mobile', async () => {
    const { user, headers } = await member();
    await confirmEmail(headers, 'taken.later@example.com');
    await verifyMobile(headers, '7400620007');
    await checkMobile(headers, '7400620007', await sentCode(t, '+447400620007'));
    // Another member registers both meanwhile.
    await insertUser(t.app.db, { email: 'Taken.Later@example.com', mobileNumber: '7400620007' });
    expectFailure(
      await save(headers, saving(user, { email: 'taken.later@example.com' })),
      'emailRegistered',
    );
    expectFailure(
      await save(headers, saving(user, { mobileNo: '7400620007' })),
      'mobileRegistered',
    );
    expect(await userRow(user.id)).toMatchObject({
      email: user.email,
      mobileNumber: user.mobileNumber,
    });
  });

  it("answers 30050, not 30034 or 30033, for another member's email or mobile not confirmed", async () => {
    const owner = await insertUser(t.app.db, fresh());
    const { user, headers } = await member();
    expectFailure(
      await save(headers, saving(user, { email: owner.email.toUpperCase() })),
      'verificationRequired',
    );
    expectFailure(
      await save(headers, saving(user, { mobileNo: `0${owner.mobileNumber}` })),
      'verificationRequired',
    );
    expect(await userRow(user.id)).toMatchObject({
      email: user.email,
      mobileNumber: user.mobileNumber,
    });
  });

  it('answers 10001 for names too long or empty, and an invalid mobile', async () => {
    const { user, headers } = await member();
    expectFailure(
      await save(headers, saving(user, { firstName: 'a'.repeat(51) })),
      'invalidRequest',
    );
    expectFailure(await save(headers, saving(user, { lastName: '   ' })), 'invalidRequest');
    expectFailure(await save(headers, saving(user, { mobileNo: '12345' })), 'invalidRequest');
    expectFailure(await save(headers, saving(user, { email: 'nope' })), 'invalidRequest');
  });
});

const noticeDate = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(at);

describe('/account/my-details/save of a new email or mobile', () => {
  /** A member with a second session, and codes and a reset token that get into the account. */
  async function withAccess() {
    const m = await member({ firstName: 'Ann' });
    const otherSession = await createSession(t.app.db, m.user.id, t.clock.now());
    const now = t.clock.now();
    const oldEmail = m.user.email.toLowerCase();
    const oldMobile = `+44${m.user.mobileNumber}`;
    const text = (code: string) => ({ subject: 'Code', body: code });
    const access = [
      (
        await issueToken(
          t.app.db,
          { purpose: 'password-reset', target: oldEmail, channel: 'email', userId: m.user.id },
          1800,
          now,
        )
      ).id,
      (
        await issueCode(
          t.app.db,
          { purpose: 'login-code', target: oldMobile, channel: 'sms', userId: m.user.id },
          text,
          now,
        )
      ).id,
      (
        await issueCode(
          t.app.db,
          { purpose: 'forgot-password', target: oldEmail, channel: 'email', userId: m.user.id },
          text,
          now,
        )
      ).id,
    ];
    // Someone else's code is not the member's to retire.
    const elsewhere = await issueCode(
      t.app.db,
      { purpose: 'login-code', target: '+447400619999', channel: 'sms', userId: null },
      text,
      now,
    );
    return { ...m, otherSession, oldEmail, oldMobile, access, elsewhere };
  }

  const expiries = async (ids: string[]) =>
    (
      await t.app.db
        .select({ expiresAt: verifications.expiresAt })
        .from(verifications)
        .where(inArray(verifications.id, ids))
    ).map((row) => row.expiresAt);

  it('tells the old address, ends the other sessions and retires the old access codes', async () => {
    const m = await withAccess();
    await confirmEmail(m.headers, 'moved.away@example.com');
    const before = (await messagesTo(t, m.user.email)).length;
    t.clock.advance(1000);
    const saved = await save(m.headers, saving(m.user, { email: 'moved.away@example.com' }));
    expect(saved.body.state).toBe('1');

    const notices = await messagesTo(t, m.user.email, 'email');
    expect(notices).toHaveLength(before + 1);
    const notice = await lastMessage(t, m.user.email);
    expect(notice).toMatchObject({ channel: 'email', subject: 'Your email address was changed' });
    expect(notice?.body).toContain('Hello Ann,');
    expect(notice?.body).toContain(
      `The email address of your NatWest lounge account was changed on ${noticeDate(t.clock.now())}. ` +
        'If this was not you, contact us.',
    );
    expect(notice?.body).not.toContain('moved.away');
    // The number did not change: nothing to it.
    expect(await messagesTo(t, m.oldMobile, 'sms')).toHaveLength(1);

    expectFailure(await memberCall(t, m.otherSession), 'authFailure');
    expect((await details(m.headers)).body.state).toBe('1');
    expect(await expiries(m.access)).toEqual(m.access.map(() => t.clock.now()));
    expect(await expiries([m.elsewhere.id])).toEqual([m.elsewhere.expiresAt]);
  });

  it('texts the old number when the mobile changes', async () => {
    const m = await withAccess();
    await verifyMobile(m.headers, '7400618888');
    await checkMobile(m.headers, '7400618888', await sentCode(t, '+447400618888'));
    const emailsBefore = (await messagesTo(t, m.user.email)).length;
    t.clock.advance(1000);
    expect((await save(m.headers, saving(m.user, { mobileNo: '7400618888' }))).body.state).toBe(
      '1',
    );
    const sms = await lastMessage(t, m.oldMobile);
    expect(sms).toMatchObject({ channel: 'sms', subject: null });
    expect(sms?.body).toMatch(
      new RegExp(
        `^The mobile number of your NatWest lounge account was changed on ${noticeDate(t.clock.now())}\\. ` +
          'If this was not you, contact us\\.',
      ),
    );
    expect(sms?.body).not.toContain('8888');
    expect(await messagesTo(t, m.user.email)).toHaveLength(emailsBefore);
    expectFailure(await memberCall(t, m.otherSession), 'authFailure');
    expect(await expiries(m.access)).toEqual(m.access.map(() => t.clock.now()));
  });

  it('a change of names alone tells no one and ends nothing', async () => {
    const m = await withAccess();
    const emailsBefore = (await messagesTo(t, m.user.email)).length;
    const smsBefore = (await messagesTo(t, m.oldMobile)).length;
    expect((await save(m.headers, saving(m.user, { firstName: 'Annie' }))).body.state).toBe('1');
    expect(await messagesTo(t, m.user.email)).toHaveLength(emailsBefore);
    expect(await messagesTo(t, m.oldMobile)).toHaveLength(smsBefore);
    expect((await memberCall(t, m.otherSession)).body.state).toBe('1');
    expect(await expiries(m.access)).not.toContain(t.clock.now());
  });
});
