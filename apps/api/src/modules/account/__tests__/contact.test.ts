import { CONTACT_MESSAGE_MAX, PHONE_LINE_HOURS, calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, memberWithSession, messagesTo } from '../../../../test/call-helpers';
import { createTestApp, type TestApp, unchecked } from '../../../../test/test-app';
import { contactMessages } from '../../../db/schema';

const SUPPORT = 'help-desk@lounges.example';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_MAILBOX: SUPPORT } });
});
afterAll(() => t.close());

const message = (values: Record<string, string> = {}) => ({
  subject: 'booking',
  message: 'My booking LB4K7M9Q2X shows the wrong date.\nCan you help?',
  email: 'Reply.Here@Example.com',
  mobileNoPrefix: '+44',
  mobileNo: '07400 630 001',
  firstName: ' Ann ',
  lastName: 'Lee',
  membershipNumber: '1234 5678 9012 3456',
  ...values,
});
const emailUs = (headers: Record<string, string>, payload: unknown) =>
  t.call(calls.emailUs, unchecked(payload), headers);

describe('/account/contact-us/email-us', () => {
  it('stores the message and queues it to the support mailbox with an acknowledgement', async () => {
    const { user, headers } = await memberWithSession(t, {
      email: 'account.owner@example.com',
      mobileNumber: '7400630002',
      firstName: 'Dora',
      lastName: 'Day',
    });
    const sent = await emailUs(headers, message());
    expect(sent.body).toEqual({
      state: '1',
      errorCode: null,
      result: { sent: true, replyWorkingDays: '2-3' },
    });

    const rows = await t.app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, user.id));
    expect(rows).toMatchObject([
      {
        subject: 'booking',
        message: message().message,
        email: 'Reply.Here@Example.com',
        mobile: '+447400630001',
        firstName: 'Ann',
        lastName: 'Lee',
        membershipNumber: '1234567890123456',
      },
    ]);

    const [toSupport, ...more] = await messagesTo(t, SUPPORT);
    expect(more).toEqual([]);
    expect(toSupport).toMatchObject({
      channel: 'email',
      subject: '[Contact] Booking from Ann Lee',
    });
    for (const part of [
      message().message,
      'Reply.Here@Example.com',
      '+447400630001',
      '1234567890123456',
      'account.owner@example.com',
      rows[0]!.id,
    ]) {
      expect(toSupport?.body).toContain(part);
    }

    // The acknowledgement goes to the account's email, greets the account's name and echoes
    // nothing typed: not the message, the names or the reply address.
    expect(await messagesTo(t, 'Reply.Here@Example.com')).toEqual([]);
    const [ack, ...moreAcks] = await messagesTo(t, 'account.owner@example.com');
    expect(moreAcks).toEqual([]);
    expect(ack).toMatchObject({ channel: 'email', subject: 'We have received your message' });
    expect(ack?.body).toContain('Hello Dora,');
    expect(ack?.body).toContain('"Booking"');
    expect(ack?.body).toContain('2-3 working days');
    expect(ack?.body).toContain(`Reference: ${rows[0]!.id}`);
    for (const typed of ['wrong date', 'LB4K7M9Q2X', 'Ann', 'Lee', 'Reply.Here', '7400630001']) {
      expect(ack?.body).not.toContain(typed);
      expect(ack?.subject).not.toContain(typed);
    }
  });

  it('takes 5 messages a member an hour, then answers 30031 with the wait', async () => {
    const ann = await memberWithSession(t, {
      email: 'many.messages@example.com',
      mobileNumber: '7400630006',
    });
    const bob = await memberWithSession(t, {
      email: 'few.messages@example.com',
      mobileNumber: '7400630007',
    });
    const stored = async () =>
      (await t.app.db.select().from(contactMessages).where(eq(contactMessages.userId, ann.user.id)))
        .length;
    for (let i = 0; i < 5; i++) {
      expect((await emailUs(ann.headers, message())).body.state).toBe('1');
      t.clock.advance(60_000);
    }
    const supportBefore = (await messagesTo(t, SUPPORT)).length;
    // The fifth, a minute ago, started an hour's wait.
    expectFailure(await emailUs(ann.headers, message()), 'codeBusy', { time: 3600 - 60 });
    t.clock.advance(30 * 60_000);
    expectFailure(await emailUs(ann.headers, message()), 'codeBusy', { time: 3600 - 31 * 60 });
    expect(await stored()).toBe(5);
    expect(await messagesTo(t, SUPPORT)).toHaveLength(supportBefore);
    expect(await messagesTo(t, 'many.messages@example.com')).toHaveLength(5);
    // Another member is not held up.
    expect((await emailUs(bob.headers, message())).body.state).toBe('1');

    t.clock.advance(29 * 60_000);
    expect((await emailUs(ann.headers, message())).body.state).toBe('1');
    expect(await stored()).toBe(6);
  });

  it('takes a message without mobile or membership number', async () => {
    const { user, headers } = await memberWithSession(t, {
      email: 'minimal@example.com',
      mobileNumber: '7400630003',
    });
    const payload = message({ subject: 'other', email: 'minimal@example.com' });
    delete (payload as Partial<typeof payload>).mobileNo;
    delete (payload as Partial<typeof payload>).mobileNoPrefix;
    delete (payload as Partial<typeof payload>).membershipNumber;
    expect((await emailUs(headers, payload)).body.state).toBe('1');
    const [row] = await t.app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, user.id));
    expect(row).toMatchObject({ subject: 'other', mobile: null, membershipNumber: null });
    const [toSupport] = (await messagesTo(t, SUPPORT)).filter((m) =>
      m.body.includes('minimal@example.com'),
    );
    expect(toSupport?.subject).toBe('[Contact] Other from Ann Lee');
    expect(toSupport?.body).toContain('Mobile: not given');
  });

  it('answers 10001 on the subject for an unknown subject, storing and sending nothing', async () => {
    const { user, headers } = await memberWithSession(t, {
      email: 'unknown.subject@example.com',
      mobileNumber: '7400630004',
    });
    const before = (await messagesTo(t, SUPPORT)).length;
    const refused = await emailUs(headers, message({ subject: 'lottery' }));
    expect(refused.body).toMatchObject({
      state: '0',
      errorCode: '10001',
      result: { fields: [{ path: 'subject', message: 'contact-error-subject' }] },
    });
    expect(await messagesTo(t, SUPPORT)).toHaveLength(before);
    expect(
      await t.app.db.select().from(contactMessages).where(eq(contactMessages.userId, user.id)),
    ).toEqual([]);
  });

  it('answers 10001 for missing or invalid fields', async () => {
    const { headers } = await memberWithSession(t, {
      email: 'invalid.fields@example.com',
      mobileNumber: '7400630005',
    });
    expectFailure(await emailUs(headers, message({ message: '  ' })), 'invalidRequest');
    expectFailure(
      await emailUs(headers, message({ message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) })),
      'invalidRequest',
    );
    expectFailure(await emailUs(headers, message({ email: 'nope' })), 'invalidRequest');
    expectFailure(await emailUs(headers, message({ mobileNo: '123' })), 'invalidRequest');
    expectFailure(await emailUs(headers, message({ membershipNumber: '12ab' })), 'invalidRequest');
    expectFailure(await emailUs(headers, message({ firstName: '' })), 'invalidRequest');
  });

  it('needs a member: 20002', async () => {
    expectFailure(await t.call(calls.emailUs, message()), 'authFailure');
  });
});

describe('/account/contact-us/call-us', () => {
  it('answers the phone line and its hours, without a login, for any channel', async () => {
    const expected = {
      state: '1',
      errorCode: null,
      result: { phoneNumber: '020 7946 0123', hours: PHONE_LINE_HOURS },
    };
    expect((await t.call(calls.callUs, {})).body).toEqual(expected);
    expect((await t.call(calls.callUs)).body).toEqual(expected);
    expect((await t.call(calls.callUs, { channel: 'ubni' })).body).toEqual(expected);
    expectFailure(await t.call(calls.callUs, { channel: 'nobank' }), 'invalidRequest');
  });
});
