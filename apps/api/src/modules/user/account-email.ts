import { calls } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberships, users } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { isUniqueViolation } from '../../platform/db-errors';
import { registerCall } from '../../plugins/calls';
import { codeTargetOf, memberOfTarget } from '../login/code-targets';
import { liveUser, sendEmailLink } from './email-validation';

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
    try {
      return await app.db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(liveUser(member.userId));
        if (!user) throw new CallError('authFailure');
        // A verified address is changed from the profile, with a code.
        if (user.emailVerifiedAt) throw new CallError('invalidRequest');
        const holder = await memberOfTarget(tx, codeTargetOf({ sendType: 'email', email }));
        if (holder && holder.id !== user.id) throw new CallError('emailRegistered');
        await tx.update(users).set({ email }).where(eq(users.id, user.id));
        await sendEmailLink(tx, app.env, { ...user, email }, now);
        return { sent: true as const, email };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new CallError('emailRegistered');
      throw error;
    }
  });
}
