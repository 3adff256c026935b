import { LOGIN_ATTEMPTS_BEFORE_LOCK, LOGIN_LOCK_SECONDS } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { judgeTry, lockedFor, type AttemptPolicy } from '../platform/attempt-locks';
import { CallError } from '../platform/call-error';
import { verifyPassword } from '../platform/password-crypto';
import { decryptPassword } from './login-keys';

/** 5 wrong passwords lock the email for 5 minutes (spec sections 8 and 9). */
export const LOGIN_POLICY: AttemptPolicy = {
  max: LOGIN_ATTEMPTS_BEFORE_LOCK,
  windowSeconds: 15 * 60,
  lockSeconds: LOGIN_LOCK_SECONDS,
};

/** The attempt-lock key of wrong passwords for an email, whatever its case. */
export const loginLockKey = (email: string) => `login:${email.trim().toLowerCase()}`;

/**
 * One password try under the login lock of an email (login, and every call that confirms the
 * current password). The try is admitted and counted before `isRight` judges it, so parallel
 * tries cannot pass the lock together; a right one forgives itself and the tries before it.
 * Throws 40002 (with `time`) when the email is locked or this wrong try locked it, else 40001.
 */
export async function passwordTry(
  app: FastifyInstance,
  email: string,
  now: Date,
  isRight: () => Promise<boolean>,
): Promise<void> {
  const judged = await judgeTry(app.db, loginLockKey(email), LOGIN_POLICY, now, isRight);
  if (judged.outcome === 'right') return;
  if (judged.lockedFor > 0) throw new CallError('loginLocked', { time: judged.lockedFor });
  throw new CallError('loginIncorrect');
}

/** A locked email answers 40002 at once, before any password is decrypted or hashed. */
export async function refuseWhileLocked(
  app: FastifyInstance,
  email: string,
  now: Date,
): Promise<void> {
  const wait = await lockedFor(app.db, loginLockKey(email), now);
  if (wait > 0) throw new CallError('loginLocked', { time: wait });
}

/**
 * A logged-in member gives the password again (to change it, or to delete the account): a
 * locked email answers 40002, a wrong password 40001 and counts towards the same lock as login.
 */
export async function confirmPassword(
  app: FastifyInstance,
  user: { email: string; passwordHash: string },
  encryptedPassword: string,
  now: Date,
): Promise<void> {
  await refuseWhileLocked(app, user.email, now);
  const password = await decryptPassword(app, encryptedPassword);
  await passwordTry(app, user.email, now, () => verifyPassword(user.passwordHash, password));
}
