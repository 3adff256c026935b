import { calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Encrypt, expectFailure, memberCall, tokenOf } from '../../../../test/call-helpers';
import { insertBooking as insertBookingAt, insertMembership } from '../../../../test/fixtures';
import { type TestApp, unchecked } from '../../../../test/test-app';
import {
  attemptLocks,
  bookings,
  contactMessages,
  memberships,
  sessions,
  users,
  verifications,
  visits,
} from '../../../db/schema';
import { verifyPassword } from '../../../platform/password-crypto';
import { type DeleteAccountSteps, openDeleteAccountApp, PASSWORD } from './delete-account-steps';

let t: TestApp;
let encrypt: Encrypt;
let steps: DeleteAccountSteps;
beforeAll(async () => ({ t, encrypt, steps } = await openDeleteAccountApp()));
afterAll(() => t.close());

/** A lounge booking for two, as the erasure has to anonymise it. */
const ANN_AND_BOB = {
  visitAt: new Date('2026-04-01T10:00:00Z'),
  passengers: 2,
  passengerNames: ['Ann Lee', 'Bob Lee'],
  amount: 5000,
};

describe('/account/delete-account', () => {
  it('removes the personal data, ends every session and frees the numbers', async () => {
    const { user, email, token } = await steps.loggedIn();
    const otherSession = tokenOf(await steps.login(email));
    const bystander = await steps.loggedIn();
    const membership = await insertMembership(t.app.db, {
      userId: user.id,
      registeredAt: t.clock.now(),
    });
    expectFailure(await steps.verifyCard(membership.dpid, '10.9.0.1'), 'numberInUse');
    const booking = await insertBookingAt(t.app.db, {
      ...ANN_AND_BOB,
      userId: user.id,
      reference: 'LBDELETE0001',
    });
    const kept = await insertBookingAt(t.app.db, {
      ...ANN_AND_BOB,
      userId: bystander.user.id,
      reference: 'LBDELETE0002',
    });
    await t.app.db.insert(visits).values({
      userId: user.id,
      dpid: membership.dpid,
      productId: booking.productId,
      bookingId: booking.id,
      visitedAt: new Date('2026-02-01T10:00:00Z'),
    });
    await t.call(
      calls.verifyNewEmail,
      { email: 'pending.new@example.com' },
      { authorization: token },
    );
    expect(
      (
        await t.call(
          calls.emailUs,
          {
            subject: 'account',
            message: 'Please close my account.',
            email,
            firstName: 'Ann',
            lastName: 'Lee',
          },
          { authorization: token },
        )
      ).body.state,
    ).toBe('1');
    // A wrong try first: the login lock of the email is cleared with the account.
    expectFailure(await steps.deleteAccount(token, 'Wrong-Pass-1'), 'loginIncorrect');

    const deleted = await steps.deleteAccount(token, PASSWORD);
    expect(deleted.body).toEqual({ state: '1', errorCode: null, result: { deleted: true } });
    expect(
      await t.app.db
        .select()
        .from(attemptLocks)
        .where(eq(attemptLocks.key, `login:${email.toLowerCase()}`)),
    ).toEqual([]);

    // Every session is dead, and the email and password no longer log in.
    expectFailure(await memberCall(t, token), 'authFailure');
    expectFailure(await memberCall(t, otherSession), 'authFailure');
    expectFailure(await steps.login(email), 'loginIncorrect');
    expect((await memberCall(t, bystander.token)).body.state).toBe('1');
    const live = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);

    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      email: `deleted+${user.id}@deleted.invalid`,
      emailVerifiedAt: null,
      firstName: '',
      lastName: '',
      mobilePrefix: '',
      mobileNumber: '',
      passwordHash: '',
      deletedAt: t.clock.now(),
    });
    expect(await verifyPassword(row!.passwordHash, PASSWORD)).toBe(false);
    expect(await verifyPassword(row!.passwordHash, '')).toBe(false);

    expect(
      await t.app.db.select().from(verifications).where(eq(verifications.userId, user.id)),
    ).toEqual([]);
    expect(
      await t.app.db.select().from(contactMessages).where(eq(contactMessages.userId, user.id)),
    ).toEqual([]);
    const [visit] = await t.app.db.select().from(visits).where(eq(visits.bookingId, booking.id));
    expect(visit).toMatchObject({ userId: null, dpid: membership.dpid });

    // Bookings stay for the accounts, without the person.
    const [anonymised] = await t.app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(anonymised).toMatchObject({
      reference: 'LBDELETE0001',
      userId: null,
      passengerNames: [],
      contactPrefix: null,
      contactNumber: null,
      email: null,
      cardLabel: null,
      anonymisedAt: t.clock.now(),
      amount: 5000,
      passengers: 2,
    });
    const [untouched] = await t.app.db.select().from(bookings).where(eq(bookings.id, kept.id));
    expect(untouched).toMatchObject({ userId: bystander.user.id, anonymisedAt: null });

    // The number can be registered again, and so can the email.
    const [freed] = await t.app.db
      .select()
      .from(memberships)
      .where(eq(memberships.dpid, membership.dpid));
    expect(freed).toMatchObject({ userId: null, registeredAt: null });
    const again = await steps.verifyCard(membership.dpid, '10.9.0.2');
    expect(again.body).toMatchObject({ state: '1', errorCode: null });
    const reuse = await t.call(calls.verifyNewEmail, { email }, { authorization: bystander.token });
    expect(reuse.body.state).toBe('1');
  });

  it('answers 40001 for a wrong password and 40002 with the wait at the fifth', async () => {
    const { email, token } = await steps.loggedIn();
    for (let i = 0; i < 4; i++) {
      expectFailure(await steps.deleteAccount(token, `Wrong-Pass-${i}`), 'loginIncorrect');
    }
    expectFailure(await steps.deleteAccount(token, 'Wrong-Pass-5'), 'loginLocked', { time: 300 });
    t.clock.advance(60_000);
    expectFailure(await steps.deleteAccount(token, PASSWORD), 'loginLocked', { time: 240 });
    // The same lock as password login's.
    expectFailure(await steps.login(email), 'loginLocked', { time: 240 });
    expect((await memberCall(t, token)).body.state).toBe('1');
    t.clock.advance(240_000);
    expect((await steps.deleteAccount(token, PASSWORD)).body.state).toBe('1');
    expectFailure(await memberCall(t, token), 'authFailure');
  });

  it('answers 10001 for a password not encrypted, and 20002 without a live token', async () => {
    const { token } = await steps.loggedIn();
    expectFailure(
      await t.call(calls.deleteAccount, { password: PASSWORD }, { authorization: token }),
      'invalidRequest',
    );
    expectFailure(await t.call(calls.deleteAccount, unchecked({})), 'authFailure');
    expectFailure(
      await t.call(calls.deleteAccount, { password: encrypt(PASSWORD) }),
      'authFailure',
    );
    await t.call(calls.logoutByToken, {}, { authorization: token });
    expectFailure(await steps.deleteAccount(token, PASSWORD), 'authFailure');
  });
});
