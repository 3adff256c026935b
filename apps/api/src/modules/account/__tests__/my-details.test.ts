import { calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, lastMessage } from '../../../../test/call-helpers';
import { insertMembership, insertUser } from '../../../../test/fixtures';
import { createTestApp, type TestApp, unchecked } from '../../../../test/test-app';
import { users, verifications } from '../../../db/schema';

import { MINUTE, profileSteps } from './profile-steps';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-01T12:00:00Z' });
});
afterAll(() => t.close());

const { fresh, member, details, verifyEmail, verifyMobile } = profileSteps(() => t);

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
