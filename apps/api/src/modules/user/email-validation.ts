import { calls, normaliseIssuer } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { isUniqueViolation } from '../../platform/db-errors';
import { loungeMembershipOf } from '../../platform/issuer-config';
import { consumeLink, issueLink, retireUserLinks } from '../../platform/verification';
import { liveUser, memberOrAuthFailure } from '../../members/member-row';
import { registerCall } from '../../plugins/calls';
import { codeTargetOf, memberOfTarget } from '../../members/code-targets';

/** The web page that opens an email link: /regist/result/<uuid>. */
export function emailLinkUrl(env: Env, id: string): string {
  const base = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return `${base}/regist/result/${id}`;
}

export function emailText(link: string, membership: string, firstName: string) {
  return {
    subject: 'Confirm your email address',
    body:
      `Hello ${firstName},\n\n` +
      `Please confirm this email address for ${membership} account by opening ` +
      `this link:\n\n${link}\n\n` +
      'The link works once, for 24 hours. If you did not ask for it, you can ignore this email.\n',
  };
}

/** Whom the link goes to: the member's current address. */
export type LinkRecipient = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'firstName' | 'issuer'
>;

/** A new address the member asked for (bind-email): it replaces theirs once its link is opened. */
export interface PendingEmail {
  newEmail: string;
}

const pendingEmailOf = (draft: Record<string, unknown> | null): string | undefined =>
  typeof draft?.newEmail === 'string' ? draft.newEmail : undefined;

/**
 * Emails a member the single-use link that verifies their address (or, `pending`, the new
 * address they asked for), through the outbox in the
 * caller's transaction. Throws `codeBusy` (with `time`) when links are asked for too often.
 */
export async function sendEmailLink(
  tx: Tx,
  env: Env,
  user: LinkRecipient,
  now: Date,
  pending?: PendingEmail,
): Promise<void> {
  const membership = loungeMembershipOf(normaliseIssuer(user.issuer) ?? 'default');
  await issueLink(
    tx,
    {
      purpose: 'email-link',
      target: pending?.newEmail ?? user.email,
      channel: 'email',
      userId: user.id,
      draft: pending ? { ...pending } : null,
    },
    (id) => emailLinkUrl(env, id),
    (link) => emailText(link, membership, user.firstName),
    now,
  );
}

export function registerEmailValidation(app: FastifyInstance): void {
  registerCall(app, calls.emailValidateStatus, async ({ member }) => {
    const [user] = await app.db
      .select({ verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(liveUser(member.userId));
    if (!user) throw new CallError('authFailure');
    return { emailIsCheck: user.verifiedAt !== null };
  });

  registerCall(app, calls.sendValidateEmail, async ({ member }) => {
    const now = app.clock.now();
    return app.db.transaction(async (tx) => {
      const user = await memberOrAuthFailure(tx, member.userId);
      if (user.emailVerifiedAt) return { sent: false, email: user.email };
      await sendEmailLink(tx, app.env, user, now);
      return { sent: true, email: user.email };
    });
  });

  registerCall(app, calls.validateEmail, async ({ payload }) => {
    const now = app.clock.now();
    const confirm = () =>
      app.db.transaction(async (tx) => {
        const link = await consumeLink(tx, { id: payload.uuid, purpose: 'email-link' }, now);
        if (!link.userId) throw new CallError('notFound');
        const [user] = await tx
          .select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt })
          .from(users)
          .where(liveUser(link.userId));
        if (!user) throw new CallError('notFound');
        const pendingEmail = pendingEmailOf(link.draft);
        if (pendingEmail !== undefined) {
          // The new address is proven: it replaces the old one, unless another account took it
          // meanwhile or the old one was verified (changes are then made from the profile).
          if (user.verifiedAt) throw new CallError('linkExpired');
          const holder = await memberOfTarget(
            tx,
            codeTargetOf({ sendType: 'email', email: pendingEmail }),
          );
          if (holder && holder.id !== user.id) throw new CallError('emailRegistered');
          await tx
            .update(users)
            .set({ email: pendingEmail, emailVerifiedAt: now })
            .where(eq(users.id, user.id));
          await retireUserLinks(tx, { purpose: 'email-link', userId: user.id }, now);
          return { email: pendingEmail };
        }
        // A link sent to an address the member has since changed confirms nothing.
        if (user.email.toLowerCase() !== link.target.toLowerCase())
          throw new CallError('linkExpired');
        if (!user.verifiedAt) {
          await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id));
        }
        return { email: user.email };
      });
    try {
      return await confirm();
    } catch (error) {
      // Another account took the new address between the check and the update.
      if (isUniqueViolation(error)) throw new CallError('emailRegistered');
      throw error;
    }
  });
}
