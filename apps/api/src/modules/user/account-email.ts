import { calls, CODE_REQUEST_WAIT_SECONDS, normaliseIssuer } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberships, users } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { admitAttempt, type AttemptPolicy } from '../../platform/attempt-locks';
import { loungeMembershipOf } from '../../platform/issuer-config';
import { enqueueMessage } from '../../platform/outbox';
import {
  retireUserLinks,
  throttleRequest,
  VERIFICATION_WINDOW_SECONDS,
} from '../../platform/verification';
import { registerCall } from '../../plugins/calls';
import { codeTargetOf, memberOfTarget } from '../../members/code-targets';
import { liveUser } from '../../members/member-row';
import { sendEmailLink } from './email-validation';

/** The account's state for the membership pages, and correcting an email not yet verified. */
export function registerAccountEmail(app: FastifyInstance): void {
  registerCall(app, calls.accountValidateStatus, async ({ member }) => {
    const [user] = await app.db
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(liveUser(member.userId));
    if (!user) throw new CallError('authFailure');
    const [held] = await app.db
      .select({ n: count() })
      .from(memberships)
      .where(eq(memberships.userId, member.userId));
    return { emailIsCheck: user.verifiedAt !== null, email: user.email, memberships: held?.n ?? 0 };
  });

  registerCall(app, calls.bindEmail, async ({ member, payload }) => {
    const now = app.clock.now();
    const email = payload.email.trim();
    return app.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(liveUser(member.userId)).for('update');
      if (!user) throw new CallError('authFailure');
      // A verified address is changed from the profile, with a code.
      if (user.emailVerifiedAt) throw new CallError('invalidRequest');
      const admission = await admitAttempt(tx, bindEmailKey(user.id), BIND_EMAIL_POLICY, now);
      if (!admission.admitted) throw new CallError('codeBusy', { time: admission.lockedFor });

      if (email.toLowerCase() === user.email.toLowerCase()) {
        await sendEmailLink(tx, app.env, user, now);
        return { sent: true as const, email: user.email };
      }
      // Links sent before (to the address on file or an earlier new one) stop working.
      await retireUserLinks(tx, { purpose: 'email-link', userId: user.id }, now);
      const holder = await memberOfTarget(tx, codeTargetOf({ sendType: 'email', email }));
      if (holder) {
        // Answered as for a free address, so the call tells no one who is registered; the
        // address's owner is told instead, throttled as a link to it would be.
        await throttleRequest(tx, { purpose: 'email-link', target: email, userId: user.id }, now);
        await enqueueMessage(tx, { channel: 'email', to: email, ...takenNotice(user) }, now);
      } else {
        await sendEmailLink(tx, app.env, user, now, { newEmail: email });
      }
      return { sent: true as const, email };
    });
  });
}

/** Requests of one member's to bind an address: 5 in 15 minutes, then a 5-minute wait. */
export const BIND_EMAIL_POLICY: AttemptPolicy = {
  max: 5,
  windowSeconds: VERIFICATION_WINDOW_SECONDS,
  lockSeconds: CODE_REQUEST_WAIT_SECONDS,
};
const bindEmailKey = (userId: string) => `bind-email:${userId}`;

/** What the owner of an address another member asked to bind is told. */
export function takenNotice(asker: { issuer: string }) {
  const membership = loungeMembershipOf(normaliseIssuer(asker.issuer) ?? 'default', 'another');
  return {
    subject: 'Your email address was given for another account',
    body:
      'Hello,\n\n' +
      `Someone asked to use this email address for ${membership} account. ` +
      'It is already the address of your account, so nothing has changed.\n\n' +
      'If it was you, log in with this address instead. If not, you can ignore this email: ' +
      'your account is safe.\n',
  };
}
