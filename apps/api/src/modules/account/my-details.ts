import { calls, DEFAULT_AREA_CODE, parseMobile, type MyDetails } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { isUniqueViolation } from '../../platform/db-errors';
import { registerCall } from '../../plugins/calls';
import { codeTargetOf, memberOfTarget } from '../../members/code-targets';
import { secureDetailsChange } from './change-notice';
import { detailsOf } from './details-view';
import { liveUser, lockedMember, memberOrAuthFailure } from '../../members/member-row';
import { checkedRecently } from './verified-change';

/** The member's profile, and saving it: a new email or mobile only once confirmed by code. */
export function registerMyDetails(app: FastifyInstance): void {
  registerCall(app, calls.myDetails, async ({ member }) => {
    const user = await memberOrAuthFailure(app.db, member.userId);
    return detailsOf(app.db, user);
  });

  registerCall(app, calls.saveMyDetails, async ({ member, payload }) => {
    const now = app.clock.now();
    const email = codeTargetOf({ sendType: 'email', email: payload.email });
    const mobile = codeTargetOf({ ...payload, sendType: 'sms' });
    if (!mobile.mobile) throw new CallError('invalidRequest');
    const { dialCode, nationalNumber, country } = mobile.mobile;
    try {
      return await app.db.transaction(async (tx): Promise<MyDetails> => {
        // Locked until the save commits: a delete-account under way is waited for (and then
        // answers 20002 here), so a save cannot write the details back onto an erased row.
        const user = await lockedMember(tx, member.userId, 'no key update');

        const emailChanged = user.email.trim().toLowerCase() !== email.target;
        const mobileChanged =
          parseMobile(user.mobilePrefix, user.mobileNumber)?.e164 !== mobile.target;
        // The code first: answering 30034 / 30033 before it would tell any member whether an
        // address or number has an account, without a code sent to it.
        if (emailChanged && !(await checkedRecently(tx, user.id, email, now))) {
          throw new CallError('verificationRequired');
        }
        if (mobileChanged && !(await checkedRecently(tx, user.id, mobile, now))) {
          throw new CallError('verificationRequired');
        }
        if (emailChanged) {
          const holder = await memberOfTarget(tx, email);
          if (holder && holder.id !== user.id) throw new CallError('emailRegistered');
        }
        if (mobileChanged) {
          const holder = await memberOfTarget(tx, mobile);
          if (holder && holder.id !== user.id) throw new CallError('mobileRegistered');
        }

        const [saved] = await tx
          .update(users)
          .set({
            firstName: payload.firstName.trim(),
            lastName: payload.lastName.trim(),
            email: payload.email.trim(),
            // The code just checked proved the new address.
            emailVerifiedAt: emailChanged ? now : user.emailVerifiedAt,
            mobilePrefix: dialCode,
            mobileNumber: nationalNumber,
            mobileAreaCode:
              payload.mobileAreaCode ??
              (mobileChanged ? (country ?? DEFAULT_AREA_CODE) : user.mobileAreaCode),
          })
          .where(liveUser(user.id))
          .returning();
        if (!saved) throw new CallError('authFailure');
        await secureDetailsChange(
          tx,
          { before: user, email: emailChanged, mobile: mobileChanged, tokenHash: member.tokenHash },
          now,
        );
        return detailsOf(tx, saved);
      });
    } catch (error) {
      // Another member took the email between the check and the update.
      if (isUniqueViolation(error)) throw new CallError('emailRegistered');
      throw error;
    }
  });
}
