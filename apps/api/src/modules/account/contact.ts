import { calls, CONTACT_REPLY_WORKING_DAYS, parseMobile, PHONE_LINE_HOURS } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { contactMessages, users } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { enqueueMessage } from '../../platform/outbox';
import { registerCall } from '../../plugins/calls';
import { CONTACT_SUBJECTS } from '../help/contact-subjects';
import { liveUser } from '../user/email-validation';
import { acknowledgementMail, supportMail } from './contact-mail';

/**
 * The support line. Every channel shares one number today, the one the web's help pages show
 * (help locale `contact.phone`); issuer-config would hold one per bank if that changes.
 */
export const SUPPORT_PHONE_NUMBER = '020 7946 0123';

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
      const [user] = await tx.select().from(users).where(liveUser(member.userId));
      if (!user) throw new CallError('authFailure');
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
      await enqueueMessage(
        tx,
        { channel: 'email', to: payload.email, ...acknowledgementMail(letter) },
        now,
      );
    });
    return { sent: true as const, replyWorkingDays: CONTACT_REPLY_WORKING_DAYS };
  });

  registerCall(app, calls.callUs, () =>
    Promise.resolve({ phoneNumber: SUPPORT_PHONE_NUMBER, hours: PHONE_LINE_HOURS }),
  );
}
