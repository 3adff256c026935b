import { calls, toE164 } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberships, type RegistrationDetails } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { checkCode, codeCheckFailure, issueCode } from '../../platform/verification';
import { registerCall } from '../../plugins/calls';
import { codeMessage, codeTargetOf } from '../../members/code-targets';
import { liveRegistration, updateRegistration } from './registration-session';

const PURPOSE = 'registration';

/** Whether the email and mobile a send names (if any) are those step 2 checked. */
function sameAsChecked(
  payload: {
    email?: string | undefined;
    mobileNoPrefix?: string | undefined;
    mobileNo?: string | undefined;
  },
  details: RegistrationDetails,
): boolean {
  if (payload.email !== undefined && payload.email.toLowerCase() !== details.email.toLowerCase()) {
    return false;
  }
  if (payload.mobileNoPrefix === undefined && payload.mobileNo === undefined) return true;
  const given = toE164(
    payload.mobileNoPrefix ?? details.mobilePrefix,
    payload.mobileNo ?? details.mobileNumber,
  );
  return given === toE164(details.mobilePrefix, details.mobileNumber);
}

/**
 * The registration code: sent to the email or mobile step 2 checked (throttled as every code
 * is), and checked for the target it was last sent to. A right code marks the session verified.
 */
export function registerRegistrationCode(app: FastifyInstance): void {
  registerCall(app, calls.sendRegistrationCode, async ({ payload }) => {
    const now = app.clock.now();
    const session = await liveRegistration(app.db, payload.uuid, now);
    const details = session.details;
    if (!details) throw new CallError('sessionTimedOut');
    if (!sameAsChecked(payload, details)) throw new CallError('invalidRequest');
    const target = codeTargetOf({
      sendType: payload.sendType,
      email: details.email,
      mobileNoPrefix: details.mobilePrefix,
      mobileNo: details.mobileNumber,
    });
    const [membership] = await app.db
      .select({ issuer: memberships.issuer })
      .from(memberships)
      .where(eq(memberships.dpid, session.dpid));
    if (!membership) throw new CallError('sessionTimedOut');

    return app.db.transaction(async (tx) => {
      await issueCode(
        tx,
        {
          purpose: PURPOSE,
          target: target.target,
          channel: target.channel,
          draft: { registration: session.id },
        },
        codeMessage(PURPOSE, target, { firstName: details.firstName, issuer: membership.issuer }),
        now,
      );
      await updateRegistration(tx, session.id, {
        details: { ...details, sendType: target.sendType },
        codeTarget: target.target,
        codeVerifiedAt: null,
      });
      return { sent: true as const, sendType: target.sendType, to: target.masked };
    });
  });

  registerCall(app, calls.checkRegistrationCode, async ({ payload }) => {
    const now = app.clock.now();
    const session = await liveRegistration(app.db, payload.uuid, now);
    const target = session.codeTarget;
    if (!target) throw new CallError('sessionTimedOut');
    const outcome = await app.db.transaction(async (tx) => {
      const check = await checkCode(
        tx,
        { purpose: PURPOSE, target, code: payload.verifiCode },
        now,
      );
      if (!check.ok) return check;
      // A code sent for another session to the same address does not verify this one, and
      // stays usable there (thrown, so its use is rolled back).
      if (check.verification.draft?.registration !== session.id) {
        throw new CallError('codeNotRecognised');
      }
      await updateRegistration(tx, session.id, { codeVerifiedAt: now });
      return check;
    });
    if (!outcome.ok) throw codeCheckFailure(outcome);
    return { verified: true as const };
  });
}
