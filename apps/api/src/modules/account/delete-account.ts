import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { lockedFor, recordAttempt } from '../../platform/attempt-locks';
import { CallError } from '../../platform/call-error';
import { verifyPassword } from '../../platform/password-crypto';
import { registerCall } from '../../plugins/calls';
import { decryptPassword } from '../login/login-keys';
import { LOGIN_POLICY, loginLockKey } from '../login/login-session';
import { liveUser } from '../user/email-validation';
import { forgetProviderTokens } from '../payment/forget-tokens';
import { eraseAccount } from './erase-account';

/**
 * The member deletes the account, giving the password again. Wrong passwords count towards
 * the login lock of the member's email, as at login and change-pwd.
 */
export function registerDeleteAccount(app: FastifyInstance): void {
  registerCall(app, calls.deleteAccount, async ({ member, payload, request }) => {
    const now = app.clock.now();
    const [user] = await app.db.select().from(users).where(liveUser(member.userId));
    if (!user) throw new CallError('authFailure');

    const key = loginLockKey(user.email);
    const wait = await lockedFor(app.db, key, now);
    if (wait > 0) throw new CallError('loginLocked', { time: wait });
    const password = await decryptPassword(app, payload.password);
    if (!(await verifyPassword(user.passwordHash, password))) {
      const record = await recordAttempt(app.db, key, LOGIN_POLICY, now);
      if (record.lockedFor > 0) throw new CallError('loginLocked', { time: record.lockedFor });
      throw new CallError('loginIncorrect');
    }

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
