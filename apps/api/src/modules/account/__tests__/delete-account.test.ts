import { calls } from '@portal/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encrypterFor,
  expectFailure,
  memberCall,
  memberWithPassword,
  tokenOf,
} from '../../../../test/call-helpers';
import { insertBooking as insertBookingAt, insertMembership } from '../../../../test/fixtures';
import { createTestApp, type TestApp, unchecked } from '../../../../test/test-app';
import {
  attemptLocks,
  bookings,
  contactMessages,
  memberships,
  outbox,
  paymentCards,
  products,
  sessions,
  users,
  verifications,
  visits,
} from '../../../db/schema';
import { recordAttempt } from '../../../platform/attempt-locks';
import { enqueueMessage } from '../../../platform/outbox';
import { verifyPassword } from '../../../platform/password-crypto';
import { eraseAccount } from '../erase-account';

let t: TestApp;
let encrypt: (password: string) => string;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-01T12:00:00Z' });
  encrypt = await encrypterFor(t);
});
afterAll(() => t.close());

const PASSWORD = 'Ann-Pass-1';
let serial = 0;

const login = (email: string, password = PASSWORD) =>
  t.call(calls.genToken, { email, password: encrypt(password) });
const deleteAccount = (token: string, password: string) =>
  t.call(calls.deleteAccount, { password: encrypt(password) }, { authorization: token });
const verifyCard = (dpid: string, ip: string) =>
  t.call(calls.verifyCard, { dpid }, { 'x-forwarded-for': ip });

async function loggedIn() {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  const email = `Delete.${n}@Example.com`;
  const user = await memberWithPassword(t, {
    email,
    mobileNumber: `740065${n}`,
    password: PASSWORD,
  });
  return { user, email, token: tokenOf(await login(email)) };
}

async function anyProductId(): Promise<string> {
  const [product] = await t.app.db.select({ id: products.id }).from(products).limit(1);
  if (!product) throw new Error('the seeded test database has no products');
  return product.id;
}

async function insertBooking(userId: string, reference: string) {
  const [booking] = await t.app.db
    .insert(bookings)
    .values({
      reference,
      userId,
      productId: await anyProductId(),
      kind: 'lounge',
      visitAt: new Date('2026-04-01T10:00:00Z'),
      flightNumber: 'BA123',
      passengers: 2,
      passengerNames: ['Ann Lee', 'Bob Lee'],
      contactPrefix: '44',
      contactNumber: '7400123456',
      email: 'ann@example.com',
      cardLabel: 'Visa •••• 4242',
      amount: 5000,
    })
    .returning();
  if (!booking) throw new Error('the booking was not inserted');
  return booking;
}

describe('/account/delete-account', () => {
  it('removes the personal data, ends every session and frees the numbers', async () => {
    const { user, email, token } = await loggedIn();
    const otherSession = tokenOf(await login(email));
    const bystander = await loggedIn();
    const membership = await insertMembership(t.app.db, {
      userId: user.id,
      registeredAt: t.clock.now(),
    });
    expectFailure(await verifyCard(membership.dpid, '10.9.0.1'), 'numberInUse');
    const booking = await insertBooking(user.id, 'LBDELETE0001');
    const kept = await insertBooking(bystander.user.id, 'LBDELETE0002');
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
    expectFailure(await deleteAccount(token, 'Wrong-Pass-1'), 'loginIncorrect');

    const deleted = await deleteAccount(token, PASSWORD);
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
    expectFailure(await login(email), 'loginIncorrect');
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
    const again = await verifyCard(membership.dpid, '10.9.0.2');
    expect(again.body).toMatchObject({ state: '1', errorCode: null });
    const reuse = await t.call(calls.verifyNewEmail, { email }, { authorization: bystander.token });
    expect(reuse.body.state).toBe('1');
  });

  it('answers 40001 for a wrong password and 40002 with the wait at the fifth', async () => {
    const { email, token } = await loggedIn();
    for (let i = 0; i < 4; i++) {
      expectFailure(await deleteAccount(token, `Wrong-Pass-${i}`), 'loginIncorrect');
    }
    expectFailure(await deleteAccount(token, 'Wrong-Pass-5'), 'loginLocked', { time: 300 });
    t.clock.advance(60_000);
    expectFailure(await deleteAccount(token, PASSWORD), 'loginLocked', { time: 240 });
    // The same lock as password login's.
    expectFailure(await login(email), 'loginLocked', { time: 240 });
    expect((await memberCall(t, token)).body.state).toBe('1');
    t.clock.advance(240_000);
    expect((await deleteAccount(token, PASSWORD)).body.state).toBe('1');
    expectFailure(await memberCall(t, token), 'authFailure');
  });

  it('answers 10001 for a password not encrypted, and 20002 without a live token', async () => {
    const { token } = await loggedIn();
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
    expectFailure(await deleteAccount(token, PASSWORD), 'authFailure');
  });
});

describe('/account/delete-account, what is left of the member elsewhere', () => {
  const contact = (token: string, typedEmail: string) =>
    t.call(
      calls.emailUs,
      {
        subject: 'account',
        message: 'Please close my account.',
        email: typedEmail,
        firstName: 'Ann',
        lastName: 'Lee',
      },
      { authorization: token },
    );
  const lettersOf = (userId: string) =>
    t.app.db.select().from(contactMessages).where(eq(contactMessages.userId, userId));
  const sentTo = (addresses: string[]) =>
    t.app.db
      .select()
      .from(outbox)
      .where(inArray(sql`lower(${outbox.to})`, addresses));

  it("removes the mail to the member's email and mobile, and the support copies of their messages", async () => {
    const { user, email, token } = await loggedIn();
    const bystander = await loggedIn();
    const support = t.app.env.SUPPORT_MAILBOX;
    const mobile = `+44${user.mobileNumber}`;
    const now = t.clock.now();

    expect((await contact(token, 'Typed.Reply@Example.com')).body.state).toBe('1');
    expect((await contact(token, email)).body.state).toBe('1');
    expect((await contact(bystander.token, 'typed.reply@example.com')).body.state).toBe('1');
    const mine = await lettersOf(user.id);
    const [theirs] = await lettersOf(bystander.user.id);
    expect(mine).toHaveLength(2);
    // Mail of the member's queued otherwise: a code by SMS, mail to the email in another case,
    // and an acknowledgement sent to the typed reply address; and mail there that is not theirs.
    const queue = (to: string, subject: string | undefined, body: string) =>
      enqueueMessage(
        t.app.db,
        {
          channel: to.startsWith('+') ? 'sms' : 'email',
          to,
          body,
          ...(subject ? { subject } : {}),
        },
        now,
      );
    await queue(mobile, undefined, '123456 is your code');
    await queue(email.toUpperCase(), 'Hello', 'Hello Ann');
    await queue('typed.reply@example.com', 'We have received your message', 'Thank you');
    await queue('Typed.Reply@Example.com', 'Your registration code', '654321');
    expect(await sentTo([email.toLowerCase(), mobile])).not.toEqual([]);

    expect((await deleteAccount(token, PASSWORD)).body.state).toBe('1');

    expect(await sentTo([email.toLowerCase(), mobile])).toEqual([]);
    expect((await sentTo(['typed.reply@example.com'])).map((m) => m.subject)).toEqual([
      'Your registration code',
    ]);
    const toSupport = await t.app.db.select().from(outbox).where(eq(outbox.to, support));
    for (const letter of mine) {
      expect(toSupport.filter((m) => m.body.includes(letter.id))).toEqual([]);
    }
    expect(toSupport.filter((m) => m.body.includes(`Reference: ${theirs!.id}`))).toHaveLength(1);
    expect(await lettersOf(bystander.user.id)).toHaveLength(1);
    expect(await sentTo([bystander.email.toLowerCase()])).not.toEqual([]);
  });

  it("removes the locks and throttles of the member's email, mobile and id, and only those", async () => {
    const { user, email, token } = await loggedIn();
    const bystander = await loggedIn();
    const lower = email.toLowerCase();
    const mobile = `+44${user.mobileNumber}`;
    expect((await contact(token, lower)).body.state).toBe('1');
    expect(
      (
        await t.call(
          calls.verifyNewEmail,
          { email: 'next.address@example.com' },
          {
            authorization: token,
          },
        )
      ).body.state,
    ).toBe('1');
    const theirs = [
      `login:${lower}`,
      `verify-send:forgot-password:${lower}`,
      `verify-code:login-code:${mobile}`,
      `verify-send:registration:${mobile}`,
      `verify-send:email-change:${user.id}:next.address@example.com`,
      `change-probe:${user.id}`,
      `contact-us:${user.id}`,
    ];
    const others = [
      // Not the member's address: it only ends like it.
      `login:x${lower}`,
      `login:${bystander.email.toLowerCase()}`,
      `verify-send:login-code:+44${bystander.user.mobileNumber}`,
      'verify-card:10.9.9.9',
      `change-probe:${bystander.user.id}`,
    ];
    const policy = { max: 5, windowSeconds: 900, lockSeconds: 300 };
    for (const key of [...theirs, ...others]) {
      await recordAttempt(t.app.db, key, policy, t.clock.now());
    }

    expect((await deleteAccount(token, PASSWORD)).body.state).toBe('1');

    const left = await t.app.db
      .select({ key: attemptLocks.key })
      .from(attemptLocks)
      .where(inArray(attemptLocks.key, [...theirs, ...others]));
    expect(left.map((row) => row.key).sort()).toEqual([...others].sort());
  });

  it('cancels the bookings still ahead by the refund rule before anonymising them', async () => {
    const { user, token } = await loggedIn();
    const now = t.clock.now();
    const hours = (n: number) => new Date(now.getTime() + n * 3600_000);
    const ahead = await insertBookingAt(t.app.db, {
      userId: user.id,
      visitAt: hours(72),
      amount: 3800,
    });
    const tooLate = await insertBookingAt(t.app.db, {
      userId: user.id,
      visitAt: hours(24),
      amount: 3800,
    });
    const past = await insertBookingAt(t.app.db, { userId: user.id, visitAt: hours(-24) });

    expect((await deleteAccount(token, PASSWORD)).body.state).toBe('1');

    const rowOf = async (id: string) =>
      (await t.app.db.select().from(bookings).where(eq(bookings.id, id)))[0];
    expect(await rowOf(ahead.id)).toMatchObject({
      status: 'cancelled',
      cancelledAt: now,
      refundState: 'pending',
      refundAmount: 3800,
      userId: null,
      email: null,
      anonymisedAt: now,
    });
    expect(await rowOf(tooLate.id)).toMatchObject({
      status: 'cancelled',
      refundState: 'none',
      refundAmount: 0,
      userId: null,
    });
    expect(await rowOf(past.id)).toMatchObject({ status: 'booked', userId: null });
  });
});

describe('/account/delete-account, the payment cards', () => {
  let cardSerial = 0;
  /** A saved card as the payment module writes it (the provider is not needed here). */
  async function insertCard(
    userId: string,
    values: Partial<typeof paymentCards.$inferInsert> = {},
  ) {
    cardSerial += 1;
    const [card] = await t.app.db
      .insert(paymentCards)
      .values({
        userId,
        providerToken: `token-${cardSerial}`,
        productId: 1,
        brand: 'Visa',
        last4: '1111',
        expiryMonth: 12,
        expiryYear: 2030,
        fingerprint: `fingerprint-${cardSerial}`,
        status: 'active',
        source: 'account',
        ...values,
      })
      .returning();
    if (!card) throw new Error('the card was not inserted');
    return card;
  }
  const cardsOf = (userId: string) =>
    t.app.db.select().from(paymentCards).where(eq(paymentCards.userId, userId));

  it("deletes the member's cards, whatever their status, and no one else's", async () => {
    const { user, token } = await loggedIn();
    const bystander = await loggedIn();
    await insertCard(user.id, { isDefault: true });
    await insertCard(user.id, { last4: '4444', productId: 3, brand: 'MasterCard' });
    await insertCard(user.id, { status: 'pending' });
    await insertCard(user.id, { status: 'failed' });
    const kept = await insertCard(bystander.user.id, { isDefault: true });

    expect((await deleteAccount(token, PASSWORD)).body.state).toBe('1');

    expect(await cardsOf(user.id)).toEqual([]);
    expect(await cardsOf(bystander.user.id)).toEqual([kept]);
  });

  it('answers the provider tokens of the deleted cards, for the caller to forget after commit', async () => {
    const { user } = await loggedIn();
    const cards = [
      await insertCard(user.id, { isDefault: true }),
      await insertCard(user.id, { status: 'pending' }),
    ];
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    const erased = await t.app.db.transaction((tx) =>
      eraseAccount(tx, row!, {
        now: t.clock.now(),
        supportMailbox: t.app.env.SUPPORT_MAILBOX,
        noticeHours: t.app.env.REFUND_NOTICE_HOURS,
      }),
    );
    expect(erased.cardTokens.sort()).toEqual(cards.map((c) => c.providerToken).sort());
    expect(await cardsOf(user.id)).toEqual([]);
  });
});
