import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  lastMessage,
  memberCall,
  messagesTo,
  sentCode,
} from '../../../../test/call-helpers';
import { insertUser } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { verifications } from '../../../db/schema';
import { createSession } from '../../../platform/sessions';
import { issueCode, issueToken } from '../../../platform/verification';
import { MINUTE, profileSteps, saving } from './profile-steps';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-01T12:00:00Z' });
});
afterAll(() => t.close());

const {
  fresh,
  member,
  details,
  verifyEmail,
  verifyMobile,
  checkEmail,
  checkMobile,
  save,
  userRow,
  confirmEmail,
} = profileSteps(() => t);

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
      `The email address of your NatWest lounge membership account was changed on ${noticeDate(t.clock.now())}. ` +
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
        `^The mobile number of your NatWest lounge membership account was changed on ${noticeDate(t.clock.now())}\\. ` +
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
