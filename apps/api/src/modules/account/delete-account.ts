import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { registerCall } from '../../plugins/calls';
import { confirmPassword } from '../../members/password-tries';
import { liveUser, memberOrAuthFailure } from '../../members/member-row';
import { forgetProviderTokens } from '../payment/index';
import { eraseAccount } from './erase-account';

/**
 * The member deletes the account, giving the password again. Wrong passwords count towards
 * the login lock of the member's email, as at login and change-pwd.
 */
export function registerDeleteAccount(app: FastifyInstance): void {
  registerCall(app, calls.deleteAccount, async ({ member, payload, request }) => {
    const now = app.clock.now();
    const user = await memberOrAuthFailure(app.db, member.userId);

    await confirmPassword(app, user, payload.password, now);

    const erased = await app.db.transaction(async (tx) => {
      // Read again inside the transaction: a concurrent save may have changed the details.
      const [current] = await tx.select().from(users).where(liveUser(user.id)).for('update');
      if (!current) throw new CallError('authFailure');
      return eraseAccount(tx, current, {
        now,
        supportMailbox: app.env.SUPPORT_MAILBOX,
        noticeHours: app.env.REFUND_NOTICE_HOURS,
      });
    });
    // The provider forgets the cards once the account is gone (best effort, after the commit).
    await forgetProviderTokens(app.paymentProvider, erased.cardTokens, request.log);
    return { deleted: true as const };
  });
}
