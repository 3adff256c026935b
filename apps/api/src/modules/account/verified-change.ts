import type { SendType } from '@portal/contract';
import { and, desc, eq, gte, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { verifications } from '../../db/schema';
import { admitAttempt, type AttemptPolicy } from '../../platform/attempt-locks';
import { CallError } from '../../platform/call-error';
import { issueCode } from '../../platform/verification';
import {
  codeMessage,
  memberOfTarget,
  type ChangeReason,
  type CodeTarget,
} from '../../members/code-targets';
import type { User } from '../../members/member-row';

/** How long a checked code lets the member save the new email or mobile. */
export const CHECKED_CHANGE_VALID_SECONDS = 30 * 60;

/**
 * Requests for a change code, whatever the address: 10 in 15 minutes, then a 5-minute wait.
 * Every request counts, those refused because another member holds the address too.
 */
export const CHANGE_PROBE_POLICY: AttemptPolicy = {
  max: 10,
  windowSeconds: 15 * 60,
  lockSeconds: 5 * 60,
};
export const changeProbeKey = (userId: string) => `change-probe:${userId}`;

/** Counts one request of the member's for a change code; `busyFor` > 0: refuse it, wait. */
export async function countChangeRequest(
  tx: Tx,
  userId: string,
  now: Date,
): Promise<{ busyFor: number }> {
  const admission = await admitAttempt(tx, changeProbeKey(userId), CHANGE_PROBE_POLICY, now);
  return { busyFor: admission.admitted ? 0 : admission.lockedFor };
}

export const changeReasonOf = (sendType: SendType): ChangeReason =>
  sendType === 'email' ? 'email-change' : 'mobile-change';

/**
 * Refuses a new email or mobile another live member holds (30034 / 30033), or the member's own
 * (nothing to confirm: invalidRequest on the field).
 */
export async function assertFreeForMember(tx: Tx, user: User, target: CodeTarget): Promise<void> {
  const holder = await memberOfTarget(tx, target);
  if (!holder) return;
  const email = target.sendType === 'email';
  if (holder.id !== user.id) throw new CallError(email ? 'emailRegistered' : 'mobileRegistered');
  throw new CallError('invalidRequest', {
    fields: [
      email
        ? { path: 'email', message: 'account-error-same-email' }
        : { path: 'mobileNo', message: 'account-error-same-mobile' },
    ],
  });
}

/**
 * Sends the member a code to the new email or mobile, throttled like every code (per member:
 * another member asking for the same address neither cancels nor holds up this one's).
 */
export async function sendChangeCode(
  tx: Tx,
  user: User,
  target: CodeTarget,
  now: Date,
): Promise<{ sent: true; sendType: SendType; to: string }> {
  await assertFreeForMember(tx, user, target);
  const reason = changeReasonOf(target.sendType);
  await issueCode(
    tx,
    { purpose: reason, target: target.target, channel: target.channel, userId: user.id },
    codeMessage(reason, target, user),
    now,
  );
  return { sent: true, sendType: target.sendType, to: target.masked };
}

/**
 * Whether the member confirmed the target with a code (check-verification-code) in the last
 * 30 minutes: a used change code of theirs for it.
 */
export async function checkedRecently(
  tx: Tx,
  userId: string,
  target: CodeTarget,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - CHECKED_CHANGE_VALID_SECONDS * 1000);
  const [checked] = await tx
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.purpose, changeReasonOf(target.sendType)),
        eq(verifications.target, target.target),
        eq(verifications.userId, userId),
        isNotNull(verifications.codeHash),
        gte(verifications.usedAt, since),
      ),
    )
    .orderBy(desc(verifications.usedAt))
    .limit(1);
  return checked !== undefined;
}
