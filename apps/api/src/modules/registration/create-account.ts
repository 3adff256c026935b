import { calls, normaliseIssuer } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberships, users } from '../../db/schema';
import { membershipCard } from '../../members/membership-card';
import { CallError } from '../../platform/call-error';
import { isUniqueViolation } from '../../platform/db-errors';
import { hashPassword } from '../../platform/password-crypto';
import { enqueueMessage } from '../../platform/outbox';
import { registerCall } from '../../plugins/calls';
import { codeTargetOf, memberOfTarget } from '../../members/code-targets';
import { decryptPassword } from '../../members/login-keys';
import { openLogin } from '../login/index';
import { newPasswordOrThrow } from '../../members/new-password';
import { sendEmailLink } from '../user/index';
import { welcomeEmail } from './welcome-email';
import {
  completeRegistration,
  heldMembership,
  liveRegistration,
  type Registration,
} from './registration-session';

/** A checked code buys 30 minutes to choose the password. */
export const VERIFIED_CODE_TTL_SECONDS = 30 * 60;

/** The session's details once its code is checked; 30010 out of order, 30015 unchecked or stale. */
function verifiedDetails(session: Registration, now: Date) {
  if (!session.details || !session.codeTarget) throw new CallError('sessionTimedOut');
  const verifiedAt = session.codeVerifiedAt?.getTime();
  if (verifiedAt === undefined || now.getTime() - verifiedAt > VERIFIED_CODE_TTL_SECONDS * 1000) {
    throw new CallError('codeExpired');
  }
  return session.details;
}

/** Whether the checked code went to the account's email: it is then proven, with no link. */
const emailProvenByCode = (session: Registration, email: string) =>
  session.details?.sendType === 'email' &&
  session.codeTarget?.toLowerCase() === email.toLowerCase();

/**
 * Registration step 3: the account is made with the password, the membership registered to it,
 * the email marked verified when the code went to it (else sent its verification link) and the
 * member logged in, all in one transaction that
 * first makes sure the number, email and mobile are still free.
 */
export function registerCreateAccount(app: FastifyInstance): void {
  registerCall(app, calls.createAndActive, async ({ payload, language }) => {
    const now = app.clock.now();
    const details = verifiedDetails(await liveRegistration(app.db, payload.uuid, now), now);
    const password = newPasswordOrThrow(await decryptPassword(app, payload.password), 'password');
    const passwordHash = await hashPassword(password);

    try {
      return await app.db.transaction(async (tx) => {
        // Still live, held to the end: of two creates with one uuid only one gets through.
        const session = await liveRegistration(tx, payload.uuid, now);
        const membership = await heldMembership(tx, session.dpid);
        if (membership.userId) throw new CallError('numberInUse');
        const email = codeTargetOf({ sendType: 'email', email: details.email });
        if (await memberOfTarget(tx, email)) throw new CallError('emailRegistered');
        const mobile = codeTargetOf({
          sendType: 'sms',
          mobileNoPrefix: details.mobilePrefix,
          mobileNo: details.mobileNumber,
        });
        if (await memberOfTarget(tx, mobile)) throw new CallError('mobileRegistered');

        const emailProven = emailProvenByCode(session, details.email);
        const [user] = await tx
          .insert(users)
          .values({
            email: details.email,
            emailVerifiedAt: emailProven ? now : null,
            mobilePrefix: details.mobilePrefix,
            mobileNumber: details.mobileNumber,
            mobileAreaCode: details.mobileAreaCode,
            firstName: details.firstName,
            lastName: details.lastName,
            passwordHash,
            language,
            issuer: membership.issuer,
            isFirstLogin: true,
            createdAt: now,
          })
          .returning();
        if (!user) throw new Error('the new user was not stored');
        await tx
          .update(memberships)
          .set({ userId: user.id, registeredAt: now })
          .where(eq(memberships.dpid, membership.dpid));
        await completeRegistration(tx, session.id, now);
        if (!emailProven) await sendEmailLink(tx, app.env, user, now);
        await enqueueMessage(tx, welcomeEmail(app.env, user, membership), now);
        const login = await openLogin(
          tx,
          user,
          now,
          'new-account',
          normaliseIssuer(membership.issuer) ?? null,
        );
        return {
          ...login,
          membership: membershipCard(membership, `${details.firstName} ${details.lastName}`),
        };
      });
    } catch (error) {
      // Another sign-up took the email between the check and the insert.
      if (isUniqueViolation(error)) throw new CallError('emailRegistered');
      throw error;
    }
  });
}
