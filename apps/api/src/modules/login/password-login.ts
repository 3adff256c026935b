import { calls } from '@portal/contract';
import { and, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { hashPassword, verifyPassword } from '../../platform/password-crypto';
import { revokeSession } from '../../platform/sessions';
import { liveWithEmail, withEmail } from '../../members/member-row';
import { registerCall } from '../../plugins/calls';
import { decryptPassword, loginKeys } from '../../members/login-keys';
import { passwordTry, refuseWhileLocked } from '../../members/password-tries';
import { checkMemberships, openLogin } from './login-session';

export function registerPasswordLogin(app: FastifyInstance): void {
  // Unknown emails are checked against a hash too, so they answer in about the same time.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hashPassword('not-a-password-of-anyone'));

  registerCall(app, calls.encryptPublicKey, async () => ({
    publicKey: (await loginKeys(app)).publicKeyBase64,
  }));

  registerCall(app, calls.genToken, async ({ payload }) => {
    const now = app.clock.now();
    await refuseWhileLocked(app, payload.email, now);
    const password = await decryptPassword(app, payload.password);

    const [live] = await app.db.select().from(users).where(liveWithEmail(payload.email));
    // A deleted account's password is still checked, so the answer tells it apart only when right.
    const [deleted] = live
      ? []
      : await app.db
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(and(withEmail(payload.email), isNotNull(users.deletedAt)))
          .limit(1);
    const hash = live?.passwordHash ?? deleted?.passwordHash;
    await passwordTry(app, payload.email, now, async () => {
      const correct = await verifyPassword(hash ?? (await dummy()), password);
      return correct && hash !== undefined;
    });
    if (!live) throw new CallError('loginNotRecognised');

    const issuer = await checkMemberships(app.db, live, now, payload.dpid);
    return openLogin(app.db, live, now, 'password', issuer);
  });

  registerCall(app, calls.logoutByToken, async ({ member }) => {
    await revokeSession(app.db, member.tokenHash, app.clock.now());
    return { loggedOut: true as const };
  });
}
