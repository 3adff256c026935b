import { calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, memberCall, messagesTo, tokenOf } from '../../../../test/call-helpers';
import { insertMembership, insertUser } from '../../../../test/fixtures';
import type { TestApp } from '../../../../test/test-app';
import { memberships, registrations, users } from '../../../db/schema';
import { verifyPassword } from '../../../platform/password-crypto';
import { createSignUpApp, freshDetails, type SignUpSteps } from './sign-up-steps';

let t: TestApp;
let encrypt: (password: string) => string;
let steps: SignUpSteps;
beforeAll(async () => {
  ({ t, encrypt, steps } = await createSignUpApp({
    env: { PUBLIC_URL: 'https://lounges.example' },
  }));
});
afterAll(() => t.close());

const MINUTE = 60_000;
const PASSWORD = 'Sign-Up-Pass-1';

/** Issues numbers as the CLI does, through the operator API. */
async function issueByOps(payload: Record<string, unknown>): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/ops-api/memberships/issue',
    payload: { count: 1, ...payload },
  });
  const [dpid] = response.json<{ numbers: string[] }>().numbers;
  return dpid!;
}

const userByEmail = async (email: string) =>
  (await t.app.db.select().from(users).where(eq(users.email, email)))[0];

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('/reg-activation/create-and-active', () => {
  it('registers a number the CLI issued end to end and logs the member in', async () => {
    const dpid = await issueByOps({
      issuer: 'barclays',
      holder: 'Ann Lee',
      expiresOn: '2029-11-30',
    });
    const details = freshDetails({ firstName: 'ann ', lastName: ' LEE' });
    const uuid = await steps.verified(dpid, details);
    const created = await steps.create(uuid, ` ${PASSWORD} `, { 'accept-language': 'fr-FR' });
    expect(created.body).toEqual({
      state: '1',
      errorCode: null,
      result: {
        token: tokenOf(created),
        tokenExpirySeconds: 6 * 60 * 60,
        isFirstLogin: true,
        issuer: 'barclays',
        userInfo: {
          firstName: 'ann',
          lastName: 'LEE',
          initials: 'AL',
          email: details.email,
          mobileNo: details.mobileNo,
          mobileNoPrefix: '44',
          countryCode: 'GB',
          channel: 'ASE',
          lang: 'fr-FR',
        },
        membership: {
          dpid,
          cardHolder: 'ann LEE',
          expiry: '11/29',
          cardBg: '/assets-api/art/card/barclays-travel-pack.svg',
          // The card shows its bank's brand, whatever the site's theme (issue 21).
          issuer: 'barclays',
        },
      },
    });

    // The code went to the email: it is proven, and no link is sent.
    const status = await t.call(calls.accountValidateStatus, {}, auth(tokenOf(created)));
    expect(status.body.result).toEqual({
      emailIsCheck: true,
      email: details.email,
      memberships: 1,
    });
    expect((await messagesTo(t, details.email)).filter((m) => m.link)).toEqual([]);
    // Welcomed once, to the membership and its bank's portal (issue 60).
    const welcome = (await messagesTo(t, details.email)).filter((m) =>
      m.subject?.startsWith('Welcome to'),
    );
    expect(welcome).toHaveLength(1);
    expect(welcome[0]?.subject).toBe('Welcome to your Barclays lounge membership');
    expect(welcome[0]?.body).toContain(`membership •••• •••• •••• ${dpid.slice(-4)}.`);
    expect(welcome[0]?.body).toMatch(/Log in at https?:\/\/\S+\/login$/m);

    const user = await userByEmail(details.email);
    expect(user).toMatchObject({
      issuer: 'barclays',
      language: 'fr-FR',
      emailVerifiedAt: t.clock.now(),
      mobileAreaCode: 'GB',
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user!.passwordHash, PASSWORD)).toBe(true);
    const [membership] = await t.app.db
      .select()
      .from(memberships)
      .where(eq(memberships.dpid, dpid));
    expect(membership).toMatchObject({ userId: user!.id, registeredAt: t.clock.now() });
    const [session] = await t.app.db.select().from(registrations).where(eq(registrations.id, uuid));
    expect(session).toMatchObject({ completedAt: t.clock.now(), details: null });

    const art = await t.app.inject({
      method: 'GET',
      url: '/assets-api/art/card/barclays-travel-pack.svg',
    });
    expect(art.statusCode).toBe(200);

    const login = await t.call(calls.genToken, {
      email: details.email,
      password: encrypt(PASSWORD),
      dpid,
    });
    expect(login.body.result).toMatchObject({ isFirstLogin: false });
  });

  it('sends the email verification link when the code went by SMS, and the link works once', async () => {
    const { dpid } = await insertMembership(t.app.db);
    const details = freshDetails();
    const created = await steps.create(await steps.verified(dpid, details, 'sms'), PASSWORD);
    expect((await memberCall(t, tokenOf(created))).body.result).toEqual({ emailIsCheck: false });
    const message = (await messagesTo(t, details.email)).find((m) => m.link);
    expect(message).toMatchObject({ channel: 'email', subject: 'Confirm your email address' });
    expect(message?.link).toMatch(/^https:\/\/lounges\.example\/regist\/result\/[0-9a-f-]{36}$/);
    const uuid = message!.link!.split('/').at(-1)!;

    expect((await t.call(calls.validateEmail, { uuid })).body).toEqual({
      state: '1',
      errorCode: null,
      result: { email: details.email },
    });
    const status = await memberCall(t, tokenOf(created));
    expect(status.body.result).toEqual({ emailIsCheck: true });
    expect((await t.call(calls.validateEmail, { uuid })).body).toMatchObject({
      state: '0',
      errorCode: '40006',
      errorMsg: 'Link Expired',
    });
  });

  it('registers a number issued without a holder name with the names given', async () => {
    const dpid = await issueByOps({ issuer: 'coop', cardType: 'premier' });
    const details = freshDetails({ firstName: 'Zoë', lastName: 'Brontë' });
    const result = await steps.register(dpid, details);
    expect(result.membership).toMatchObject({
      dpid,
      cardHolder: 'Zoë Brontë',
      cardBg: '/assets-api/art/card/coop-premier.svg',
    });
    // Issued with the default expiry: the end of the month three years on.
    expect(result.membership.expiry).toBe('01/29');
  });

  it('answers 10001 with the field for a password breaking the rules, and 10001 for no ciphertext', async () => {
    const { dpid } = await insertMembership(t.app.db);
    const uuid = await steps.verified(dpid, freshDetails());
    expect((await steps.create(uuid, 'weakpass')).body).toMatchObject({
      state: '0',
      errorCode: '10001',
      result: { fields: [{ path: 'password', message: 'password-error-rules' }] },
    });
    const plain = await t.call(calls.createAndActive, {
      uuid,
      password: Buffer.from(PASSWORD).toString('base64'),
    });
    expectFailure(plain, 'invalidRequest');
    expect((await steps.create(uuid, PASSWORD)).body.state).toBe('1');
  });

  it('answers 30010 once the session has completed', async () => {
    const { dpid } = await insertMembership(t.app.db);
    const uuid = await steps.verified(dpid, freshDetails());
    expect((await steps.create(uuid, PASSWORD)).body.state).toBe('1');
    expectFailure(await steps.create(uuid, PASSWORD), 'sessionTimedOut');
    expectFailure(await steps.verify(dpid), 'numberInUse');
  });

  it('answers 30015 when the code was not checked, or checked more than 30 minutes ago', async () => {
    const { dpid } = await insertMembership(t.app.db);
    const details = freshDetails();
    const unchecked = await steps.codeSent(dpid, details);
    expect((await steps.create(unchecked, PASSWORD)).body).toEqual({
      state: '0',
      errorCode: '30015',
      errorMsg: 'The verification code has expired. Please request a new code.',
    });

    const uuid = await steps.verified((await insertMembership(t.app.db)).dpid, freshDetails());
    t.clock.advance(20 * MINUTE);
    expectFailure(await steps.create(uuid, 'weakpass'), 'invalidRequest');
    t.clock.advance(10 * MINUTE);
    expect((await steps.create(uuid, PASSWORD)).body.state).toBe('1');

    const stale = await steps.verified((await insertMembership(t.app.db)).dpid, freshDetails());
    t.clock.advance(20 * MINUTE);
    expectFailure(await steps.create(stale, 'weakpass'), 'invalidRequest');
    t.clock.advance(10 * MINUTE + 1000);
    expectFailure(await steps.create(stale, PASSWORD), 'codeExpired');
  });

  it('answers 30007, 30034 or 30033 when the number, email or mobile was taken meanwhile', async () => {
    const taken = await insertUser(t.app.db, {
      email: 'racer@example.com',
      mobileNumber: '7400598001',
    });

    const number = await insertMembership(t.app.db);
    const byNumber = await steps.verified(number.dpid, freshDetails());
    await t.app.db
      .update(memberships)
      .set({ userId: taken.id, registeredAt: t.clock.now() })
      .where(eq(memberships.dpid, number.dpid));
    expect((await steps.create(byNumber, PASSWORD)).body).toEqual({
      state: '0',
      errorCode: '30007',
      errorMsg: 'Membership number already in use. Please log in',
    });

    const emailDetails = freshDetails();
    const byEmail = await steps.verified((await insertMembership(t.app.db)).dpid, emailDetails);
    await insertUser(t.app.db, {
      email: emailDetails.email.toUpperCase(),
      mobileNumber: '7400598002',
    });
    expect((await steps.create(byEmail, PASSWORD)).body).toMatchObject({
      state: '0',
      errorCode: '30034',
    });

    const mobileDetails = freshDetails();
    const byMobile = await steps.verified((await insertMembership(t.app.db)).dpid, mobileDetails);
    await insertUser(t.app.db, {
      email: 'mobile.racer@example.com',
      mobileNumber: mobileDetails.mobileNo,
    });
    expect((await steps.create(byMobile, PASSWORD)).body).toMatchObject({
      state: '0',
      errorCode: '30033',
    });
    // Nothing was half-written.
    expect(await userByEmail(mobileDetails.email)).toBeUndefined();
  });
});

describe('an additional membership', () => {
  it("is refused at sign-up with the holder's registered email: log in to add it", async () => {
    const details = freshDetails();
    await steps.register((await insertMembership(t.app.db)).dpid, details);
    const second = await insertMembership(t.app.db);
    const uuid = await steps.open(second.dpid);
    expect((await steps.checkDetails(uuid, { ...details, mobileNo: '7400598101' })).body).toEqual({
      state: '0',
      errorCode: '30034',
      errorMsg:
        'This email address has already been registered. Please login to add an additional membership.',
    });
    const partner = await insertMembership(t.app.db, { holderName: 'Bob Lee' });
    const theirs = await steps.open(partner.dpid);
    const asPartner = { ...details, firstName: 'Bob', mobileNo: '7400598102' };
    expect((await steps.checkDetails(theirs, asPartner)).body).toMatchObject({
      state: '0',
      errorCode: '30000',
      errorMsg: 'Please use a different email address to register your additional membership.',
    });
  });

  it('held jointly with a registered one is added by logging in with its number', async () => {
    const details = freshDetails();
    const joint = await insertMembership(t.app.db, { holderName: 'Bob Lee' });
    const owned = await insertMembership(t.app.db, { jointHolders: [joint.dpid] });
    await steps.register(owned.dpid, details);
    expectFailure(await steps.verify(joint.dpid), 'associatedAccountRegistered');

    const login = (dpid: string) =>
      t.call(calls.genToken, { email: details.email, password: encrypt(PASSWORD), dpid });
    const stranger = await insertMembership(t.app.db);
    expectFailure(await login(stranger.dpid), 'loginNumberMismatch');
    t.clock.advance(MINUTE);
    const loggedIn = await login(joint.dpid);
    expect(loggedIn.body.state).toBe('1');
    const [row] = await t.app.db.select().from(memberships).where(eq(memberships.dpid, joint.dpid));
    const user = await userByEmail(details.email);
    expect(row).toMatchObject({ userId: user!.id, registeredAt: t.clock.now() });
    // Now the account's second membership.
    expectFailure(await steps.verify(joint.dpid), 'numberInUseRegistered');
    const status = await t.call(calls.accountValidateStatus, {}, auth(tokenOf(loggedIn)));
    expect(status.body.result).toMatchObject({ memberships: 2 });
  });

  it('held jointly but suspended is not added, and answers 30041', async () => {
    const details = freshDetails();
    const owned = await insertMembership(t.app.db);
    await steps.register(owned.dpid, details);
    const joint = await insertMembership(t.app.db, {
      status: 'suspended',
      jointHolders: [owned.dpid],
    });
    const { body } = await t.call(calls.genToken, {
      email: details.email,
      password: encrypt(PASSWORD),
      dpid: joint.dpid,
    });
    expect(body).toMatchObject({ state: '0', errorCode: '30041' });
    const [row] = await t.app.db.select().from(memberships).where(eq(memberships.dpid, joint.dpid));
    expect(row?.userId).toBeNull();
  });
});
