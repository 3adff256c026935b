import type { FastifyInstance } from 'fastify';
import { lockedFor, recordAttempt } from '../../platform/attempt-locks';
import { CallError } from '../../platform/call-error';
import { verifyPassword } from '../../platform/password-crypto';
import { decryptPassword } from './login-keys';
import { LOGIN_POLICY, loginLockKey } from './login-session';

/**
 * A logged-in member gives the password again (to change it, or to delete the account): a
 * locked email answers 40002, a wrong password 40001 and counts towards the same lock as login.
 * Answers the lock key, for the caller to clear once the change is made.
 */
export async function confirmPassword(
  app: FastifyInstance,
  user: { email: string; passwordHash: string },
  encryptedPassword: string,
  now: Date,
): Promise<string> {
  const key = loginLockKey(user.email);
  const wait = await lockedFor(app.db, key, now);
  if (wait > 0) throw new CallError('loginLocked', { time: wait });
  const password = await decryptPassword(app, encryptedPassword);
  if (!(await verifyPassword(user.passwordHash, password))) {
    const record = await recordAttempt(app.db, key, LOGIN_POLICY, now);
    if (record.lockedFor > 0) throw new CallError('loginLocked', { time: record.lockedFor });
    throw new CallError('loginIncorrect');
  }
  return key;
}
