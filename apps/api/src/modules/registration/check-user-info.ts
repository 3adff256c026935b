import { calls, DEFAULT_AREA_CODE } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberships, type RegistrationDetails } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { registerCall } from '../../plugins/calls';
import { codeTargetOf, memberOfTarget } from '../../members/code-targets';
import { compareWithHolder, sameNames } from '../../members/holder-names';
import { liveRegistration, updateRegistration } from './registration-session';

/**
 * Registration step 2: the names must be the membership holder's, and the email and mobile
 * free to register. The details are kept in the session; a code sent or checked for earlier
 * details no longer counts.
 */
export function registerCheckUserInfo(app: FastifyInstance): void {
  registerCall(app, calls.checkUserInfo, async ({ payload }) => {
    const now = app.clock.now();
    const session = await liveRegistration(app.db, payload.uuid, now);
    const [membership] = await app.db
      .select({ holderName: memberships.holderName })
      .from(memberships)
      .where(eq(memberships.dpid, session.dpid));
    if (!membership) throw new CallError('sessionTimedOut');

    const names = { firstName: payload.firstName.trim(), lastName: payload.lastName.trim() };
    const match = compareWithHolder(membership.holderName, names);
    if (match === 'lastNameDiffers') throw new CallError('detailsMismatch');
    if (match === 'firstNameDiffers') throw new CallError('detailsMismatchAlt');

    const email = codeTargetOf({ sendType: 'email', email: payload.email });
    const emailHolder = await memberOfTarget(app.db, email);
    if (emailHolder) {
      throw new CallError(
        sameNames(emailHolder, names) ? 'emailRegistered' : 'differentEmailForAdditional',
      );
    }
    const mobile = codeTargetOf({ ...payload, sendType: 'sms' });
    if (await memberOfTarget(app.db, mobile)) throw new CallError('mobileRegistered');
    if (!mobile.mobile) throw new CallError('invalidRequest');

    const details: RegistrationDetails = {
      ...names,
      email: payload.email.trim(),
      mobilePrefix: mobile.mobile.dialCode,
      mobileNumber: mobile.mobile.nationalNumber,
      mobileAreaCode: payload.mobileAreaCode ?? mobile.mobile.country ?? DEFAULT_AREA_CODE,
      sendType: payload.sendType ?? 'sms',
    };
    await updateRegistration(app.db, session.id, {
      details,
      codeTarget: null,
      codeVerifiedAt: null,
    });
    return names;
  });
}
