import { calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { hashPassword, verifyPassword } from '../../platform/password-crypto';
import { revokeUserSessions } from '../../platform/sessions';
import { retireUserLinks } from '../../platform/verification';
import type { Member } from '../../plugins/auth';
import { memberOrAuthFailure } from '../../members/member-row';
import { registerCall } from '../../plugins/calls';
import { confirmPassword } from '../../members/password-tries';
import { decryptPassword } from '../../members/login-keys';
import { newPasswordOrThrow } from '../../members/new-password';

/**
 * A logged-in member changes the password. Wrong current passwords count towards the login
 * lock of the member's email; the member's other sessions end, the calling one stays.
 */
export function registerChangePassword(app: FastifyInstance): void {
  const changePassword = async (
    member: Member,
    payload: { currentPwd: string; newPwd: string },
  ) => {
    const now = app.clock.now();
    const user = await memberOrAuthFailure(app.db, member.userId);

    await confirmPassword(app, user, payload.currentPwd, now);
    const next = await decryptPassword(app, payload.newPwd);
    const password = newPasswordOrThrow(next, 'newPwd');
    if (await verifyPassword(user.passwordHash, password)) throw new CallError('passwordSameAsOld');
    const passwordHash = await hashPassword(password);

    await app.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await revokeUserSessions(tx, user.id, now, { except: member.tokenHash });
      // A reset token bought before the change no longer sets a password.
      await retireUserLinks(tx, { purpose: 'password-reset', userId: user.id }, now);
    });
    return { updated: true as const };
  };

  registerCall(app, calls.changePwd, ({ member, payload }) => changePassword(member, payload));
  registerCall(app, calls.updatePwd, ({ member, payload }) => changePassword(member, payload));
}
