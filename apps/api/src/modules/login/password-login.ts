import {
  calls,
  LOGIN_ATTEMPTS_BEFORE_LOCK,
  LOGIN_LOCK_SECONDS,
  TOKEN_IDLE_SECONDS,
} from '@portal/contract';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberships, users } from '../../db/schema';
import {
  clearAttempts,
  lockedFor,
  recordAttempt,
  type AttemptPolicy,
} from '../../platform/attempt-locks';
import { CallError } from '../../platform/call-error';
import {
  hashPassword,
  loadLoginKeys,
  verifyPassword,
  type LoginKeys,
} from '../../platform/password-crypto';
import { createSession, revokeSession } from '../../platform/sessions';
import { registerCall } from '../../plugins/calls';
import { userInfoOf } from './user-info';

export const LOGIN_POLICY: AttemptPolicy = {
  max: LOGIN_ATTEMPTS_BEFORE_LOCK,
  windowSeconds: 15 * 60,
  lockSeconds: LOGIN_LOCK_SECONDS,
};

export const loginLockKey = (email: string) => `login:${email.trim().toLowerCase()}`;

export function registerPasswordLogin(app: FastifyInstance): void {
  // Loaded once per app instance, at the first call that needs it.
  let keys: Promise<LoginKeys> | undefined;
  const loginKeys = () => {
    if (!keys) {
      // A PEM given in one line may carry its newlines as \n.
      keys = loadLoginKeys(app.db, app.env.LOGIN_RSA_PRIVATE_KEY?.replace(/\\n/g, '\n'));
      keys.catch(() => {
        keys = undefined; // a failed load is tried again by the next call
      });
    }
    return keys;
  };
  // Unknown emails are checked against a hash too, so they answer in about the same time.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hashPassword('not-a-password-of-anyone'));

  registerCall(app, calls.encryptPublicKey, async () => ({
    publicKey: (await loginKeys()).publicKeyBase64,
  }));

  registerCall(app, calls.genToken, async ({ payload }) => {
    const now = app.clock.now();
    const key = loginLockKey(payload.email);
    const wait = await lockedFor(app.db, key, now);
    if (wait > 0) throw new CallError('loginLocked', { time: wait });
    const password = (await loginKeys()).decryptPassword(payload.password);

    const sameEmail = sql`lower(${users.email}) = ${payload.email.trim().toLowerCase()}`;
    const [live] = await app.db
      .select()
      .from(users)
      .where(and(sameEmail, isNull(users.deletedAt)));
    const [deleted] = live
      ? []
      : await app.db
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(and(sameEmail, isNotNull(users.deletedAt)))
          .limit(1);
    const correct = await verifyPassword(
      live?.passwordHash ?? deleted?.passwordHash ?? (await dummy()),
      password,
    );
    if (!correct || (!live && !deleted)) {
      const record = await recordAttempt(app.db, key, LOGIN_POLICY, now);
      if (record.lockedFor > 0) throw new CallError('loginLocked', { time: record.lockedFor });
      throw new CallError('loginIncorrect');
    }
    if (!live) throw new CallError('loginNotRecognised');

    const owned = await app.db
      .select({ dpid: memberships.dpid, status: memberships.status })
      .from(memberships)
      .where(eq(memberships.userId, live.id));
    if (payload.dpid !== undefined) {
      const given = owned.find((m) => m.dpid === payload.dpid);
      if (!given) throw new CallError('loginNumberMismatch');
      if (given.status === 'suspended') throw new CallError('membershipSuspended');
    } else if (owned.length > 0 && owned.every((m) => m.status === 'suspended')) {
      throw new CallError('membershipSuspended');
    }

    const token = await app.db.transaction(async (tx) => {
      await clearAttempts(tx, key);
      if (live.isFirstLogin)
        await tx.update(users).set({ isFirstLogin: false }).where(eq(users.id, live.id));
      return createSession(tx, live.id, now);
    });
    return {
      token,
      tokenExpirySeconds: TOKEN_IDLE_SECONDS,
      isFirstLogin: live.isFirstLogin,
      userInfo: userInfoOf(live),
    };
  });

  registerCall(app, calls.logoutByToken, async ({ member }) => {
    await revokeSession(app.db, member.tokenHash, app.clock.now());
    return { loggedOut: true as const };
  });
}
