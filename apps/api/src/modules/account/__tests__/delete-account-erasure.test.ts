import { calls } from '@portal/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking as insertBookingAt } from '../../../../test/fixtures';
import { type TestApp } from '../../../../test/test-app';
import {
  attemptLocks,
  bookings,
  contactMessages,
  outbox,
  paymentCards,
  users,
} from '../../../db/schema';
import { recordAttempt } from '../../../platform/attempt-locks';
import { enqueueMessage } from '../../../platform/outbox';
import { eraseAccount } from '../erase-account';
import { type DeleteAccountSteps, openDeleteAccountApp, PASSWORD } from './delete-account-steps';

let t: TestApp;
let steps: DeleteAccountSteps;
beforeAll(async () => ({ t, steps } = await openDeleteAccountApp()));
afterAll(() => t.close());

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
    const { user, email, token } = await steps.loggedIn();
    const bystander = await steps.loggedIn();
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

    expect((await steps.deleteAccount(token, PASSWORD)).body.state).toBe('1');

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
    const { user, email, token } = await steps.loggedIn();
    const bystander = await steps.loggedIn();
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

    expect((await steps.deleteAccount(token, PASSWORD)).body.state).toBe('1');

    const left = await t.app.db
      .select({ key: attemptLocks.key })
      .from(attemptLocks)
      .where(inArray(attemptLocks.key, [...theirs, ...others]));
    expect(left.map((row) => row.key).sort()).toEqual([...others].sort());
  });

  it('cancels the bookings still ahead by the refund rule before anonymising them', async () => {
    const { user, token } = await steps.loggedIn();
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

    expect((await steps.deleteAccount(token, PASSWORD)).body.state).toBe('1');

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
    const { user, token } = await steps.loggedIn();
    const bystander = await steps.loggedIn();
    await insertCard(user.id, { isDefault: true });
    await insertCard(user.id, { last4: '4444', productId: 3, brand: 'MasterCard' });
    await insertCard(user.id, { status: 'pending' });
    await insertCard(user.id, { status: 'failed' });
    const kept = await insertCard(bystander.user.id, { isDefault: true });

    expect((await steps.deleteAccount(token, PASSWORD)).body.state).toBe('1');

    expect(await cardsOf(user.id)).toEqual([]);
    expect(await cardsOf(bystander.user.id)).toEqual([kept]);
  });

  it('answers the provider tokens of the deleted cards, for the caller to forget after commit', async () => {
    const { user } = await steps.loggedIn();
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
