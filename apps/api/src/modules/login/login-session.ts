import {
  normaliseIssuer,
  TOKEN_IDLE_SECONDS,
  type calls,
  type Issuer,
  type ResultOf,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { clearAttempts } from '../../platform/attempt-locks';
import { CallError } from '../../platform/call-error';
import { createSession } from '../../platform/sessions';
import { claimAssociatedNumber } from '../../members/associations';
import { membershipsOf, pickInUse } from '../../members/membership-in-use';
import type { User } from '../../members/member-row';
import { loginLockKey } from '../../members/password-tries';
import { userInfoOf } from './user-info';

export type LoginResult = ResultOf<typeof calls.genToken>;

/**
 * Refuses a login the member's memberships do not allow: with a membership number given, it
 * must be one of the member's (loginNumberMismatch) and not suspended; without one, a member
 * whose every membership is suspended answers membershipSuspended. A number given that is held
 * jointly with one of the member's, and registered to no one, is registered to the member
 * (verify-card answered it associatedAccountRegistered and sent them to log in with it).
 * Answers the issuer of the membership in use (the brand after login), from the same read.
 */
export async function checkMemberships(
  tx: Tx,
  user: Pick<User, 'id' | 'membershipInUse'>,
  now: Date,
  dpid?: string,
): Promise<Issuer | null> {
  const owned = await membershipsOf(tx, user.id);
  if (dpid !== undefined) {
    const given =
      owned.find((m) => m.dpid === dpid) ?? (await claimAssociatedNumber(tx, user.id, dpid, now));
    if (!given) throw new CallError('loginNumberMismatch');
    if (given.status === 'suspended') throw new CallError('membershipSuspended');
  } else if (owned.length > 0 && owned.every((m) => m.status === 'suspended')) {
    throw new CallError('membershipSuspended');
  }
  return normaliseIssuer(pickInUse(owned, user.membershipInUse)?.issuer) ?? null;
}

/**
 * Logs a member in, however they proved who they are: ends their first login, opens a session,
 * and answers what the web keeps. A login by password has already settled its try under the
 * login lock (`passwordTry`); any other proof (a code, a new account) clears that lock.
 */
export async function openLogin(
  db: Tx,
  user: User,
  now: Date,
  proof: 'password' | 'code' | 'new-account',
  issuer: Issuer | null,
): Promise<LoginResult> {
  const token = await db.transaction(async (tx) => {
    if (proof !== 'password') await clearAttempts(tx, loginLockKey(user.email));
    if (user.isFirstLogin)
      await tx.update(users).set({ isFirstLogin: false }).where(eq(users.id, user.id));
    return createSession(tx, user.id, now);
  });
  return {
    token,
    tokenExpirySeconds: TOKEN_IDLE_SECONDS,
    isFirstLogin: user.isFirstLogin,
    userInfo: userInfoOf(user),
    issuer,
  };
}
