import { calls, CONTACT_REPLY_WORKING_DAYS, parseMobile, PHONE_LINE_HOURS } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { contactMessages } from '../../db/schema';
import { admitAttempt, type AttemptPolicy } from '../../platform/attempt-locks';
import { CallError } from '../../platform/call-error';
import { enqueueMessage } from '../../platform/outbox';
import { registerCall } from '../../plugins/calls';
import { CONTACT_SUBJECTS } from '../help/index';
import { acknowledgementMail, supportMail } from './contact-mail';
import { lockedMember } from '../../members/member-row';

/**
 * The support line. Every channel shares one number today, the one the web's help pages show
 * (help locale `contact.phone`); issuer-config would hold one per bank if that changes.
 */
export const SUPPORT_PHONE_NUMBER = '020 7946 0123';

/**
 * At most 5 messages a member an hour: the fifth starts an hour's wait (30031 with the
 * seconds left), so the form cannot be used to flood the support mailbox.
 */
export const CONTACT_POLICY: AttemptPolicy = { max: 5, windowSeconds: 3600, lockSeconds: 3600 };
export const contactThrottleKey = (userId: string) => `contact-us:${userId}`;

/** Contact us: a message to the support mailbox, and the phone line. */
export function registerContact(app: FastifyInstance): void {
  registerCall(app, calls.emailUs, async ({ member, payload }) => {
    const now = app.clock.now();
    const subject = CONTACT_SUBJECTS.find((s) => s.id === payload.subject);
    if (!subject) {
      throw new CallError('invalidRequest', {
        fields: [{ path: 'subject', message: 'contact-error-subject' }],
      });
    }
    const mobile = payload.mobileNo?.trim()
      ? (parseMobile(payload.mobileNoPrefix ?? '', payload.mobileNo)?.e164 ?? null)
      : null;
    const membershipNumber = payload.membershipNumber?.replace(/\s+/g, '') || null;

    // Message contents are personal: they go to the table and the outbox, never to the log.
    await app.db.transaction(async (tx) => {
      const user = await lockedMember(tx, member.userId);
      // Counted with the message, so only messages stored count; a refused one rolls back.
      const admission = await admitAttempt(tx, contactThrottleKey(user.id), CONTACT_POLICY, now);
      if (!admission.admitted) {
        throw new CallError('codeBusy', { time: admission.lockedFor });
      }
      const [row] = await tx
        .insert(contactMessages)
        .values({
          userId: user.id,
          subject: subject.id,
          message: payload.message,
          email: payload.email,
          mobile,
          firstName: payload.firstName,
          lastName: payload.lastName,
          membershipNumber,
          createdAt: now,
        })
        .returning({ id: contactMessages.id });
      if (!row) throw new Error('the contact message was not stored');
      const letter = {
        id: row.id,
        subjectText: subject.text,
        message: payload.message,
        email: payload.email,
        mobile,
        firstName: payload.firstName,
        lastName: payload.lastName,
        membershipNumber,
        accountEmail: user.email,
      };
      await enqueueMessage(
        tx,
        { channel: 'email', to: app.env.SUPPORT_MAILBOX, ...supportMail(letter) },
        now,
      );
      // To the account's own address: the typed one is only where support replies.
      await enqueueMessage(
        tx,
        {
          channel: 'email',
          to: user.email,
          ...acknowledgementMail({
            id: row.id,
            subjectText: subject.text,
            accountFirstName: user.firstName,
          }),
        },
        now,
      );
    });
    return { sent: true as const, replyWorkingDays: CONTACT_REPLY_WORKING_DAYS };
  });

  registerCall(app, calls.callUs, () =>
    Promise.resolve({ phoneNumber: SUPPORT_PHONE_NUMBER, hours: PHONE_LINE_HOURS }),
  );
}
