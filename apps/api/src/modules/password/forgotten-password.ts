import { calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { clearAttempts } from '../../platform/attempt-locks';
import { CallError } from '../../platform/call-error';
import { hashPassword, verifyPassword } from '../../platform/password-crypto';
import { revokeUserSessions } from '../../platform/sessions';
import {
  codeCheckFailure,
  consumeLink,
  findLink,
  issueToken,
  retireUserLinks,
} from '../../platform/verification';
import { registerCall } from '../../plugins/calls';
import { checkMemberCode, sendMemberCode } from '../../members/code-targets';
import { decryptPassword } from '../../members/login-keys';
import { liveMember } from '../../members/member-row';
import { loginLockKey } from '../../members/password-tries';
import { newPasswordOrThrow } from '../../members/new-password';

/** How long the reset token a checked code buys may be used. */
export const RESET_TOKEN_TTL_SECONDS = 30 * 60;

const RESET = { purpose: 'password-reset' } as const;

/** The live member a reset token was bought for, if any. */
const tokenMember = (tx: Tx, userId: string | null) =>
  userId ? liveMember(tx, userId) : Promise.resolve(undefined);

/**
 * Forgotten password: a code to the member's email or mobile (answered alike whether or not
 * an account has it), the code buys a single-use reset token (answered, never sent), and the
 * token sets a new password, ending every session of the member.
 */
export function registerForgottenPassword(app: FastifyInstance): void {
  registerCall(app, calls.sendForgetPwd, ({ payload }) =>
    app.db.transaction((tx) => sendMemberCode(tx, 'forgot-password', payload, app.clock.now())),
  );

  registerCall(app, calls.verifyForgetPwdCode, async ({ payload }) => {
    const now = app.clock.now();
    const outcome = await app.db.transaction(async (tx) => {
      const check = await checkMemberCode(tx, 'forgot-password', payload, now);
      if (!check.ok) return check;
      const { target, user } = check;
      const token = await issueToken(
        tx,
        { ...RESET, target: target.target, channel: target.channel, userId: user.id },
        RESET_TOKEN_TTL_SECONDS,
        now,
      );
      return { ok: true as const, uuid: token.id, sendType: target.sendType };
    });
    if (!outcome.ok) throw codeCheckFailure(outcome);
    return { uuid: outcome.uuid, sendType: outcome.sendType };
  });

  registerCall(app, calls.checkResetToken, async ({ payload }) => {
    const now = app.clock.now();
    const token = await findLink(app.db, { ...RESET, id: payload.uuid }, now);
    if (!(await tokenMember(app.db, token.userId))) throw new CallError('linkExpired');
    return { valid: true as const };
  });

  const resetPassword = async (payload: { uuid: string; password: string }) => {
    const now = app.clock.now();
    // The token first, so an expired link answers linkExpired whatever the password.
    const token = await findLink(app.db, { ...RESET, id: payload.uuid }, now);
    const user = await tokenMember(app.db, token.userId);
    if (!user) throw new CallError('linkExpired');
    const password = newPasswordOrThrow(await decryptPassword(app, payload.password), 'password');
    if (await verifyPassword(user.passwordHash, password)) throw new CallError('passwordSameAsOld');
    const passwordHash = await hashPassword(password);

    await app.db.transaction(async (tx) => {
      // Used up here, so of two resets at once only one gets through.
      await consumeLink(tx, { ...RESET, id: payload.uuid }, now);
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await revokeUserSessions(tx, user.id, now);
      await clearAttempts(tx, loginLockKey(user.email));
      await retireUserLinks(tx, { ...RESET, userId: user.id }, now);
    });
    return { reset: true as const };
  };
  registerCall(app, calls.resetPwd, ({ payload }) => resetPassword(payload));
  registerCall(app, calls.pwdReset, ({ payload }) => resetPassword(payload));
}
