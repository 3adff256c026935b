import { CARD_ATTEMPTS } from '@portal/contract';
import type { Tx } from '../../db/client';
import { admitAttempt, lockedFor, recordAttempt, type AttemptPolicy } from '../attempt-locks';
import { CallError } from '../call-error';

/*
 * The budget against card testing (CARD_ATTEMPTS), per member: each new card tried and each
 * payment declined counts once. Orders are not counted, so a member who pays (by card, or with
 * passes) is never stopped; one who tries card after card, or is declined again and again, is.
 */

const key = (userId: string) => `card-attempts:member:${userId}`;

/** The budget, its count multiplied by the deployment's factor (IP_LIMIT_FACTOR). */
export function cardAttemptPolicy(factor: number): AttemptPolicy {
  return { ...CARD_ATTEMPTS, max: CARD_ATTEMPTS.max * factor };
}

/** Counts a new card the member tries to save; past the budget it is refused (10031). */
export async function admitNewCard(
  db: Tx,
  userId: string,
  policy: AttemptPolicy,
  now: Date,
): Promise<void> {
  const admission = await admitAttempt(db, key(userId), policy, now);
  if (!admission.admitted) {
    throw new CallError('cardAttemptsLocked', { time: admission.lockedFor });
  }
}

/** Seconds until the member may pay by card again (their budget used up); 0 when they may. */
export function cardLockSeconds(db: Tx, userId: string, now: Date): Promise<number> {
  return lockedFor(db, key(userId), now);
}

/** Counts one payment the card's bank declined (called once per order, by its move to failed). */
export async function countDecline(
  db: Tx,
  userId: string,
  policy: AttemptPolicy,
  now: Date,
): Promise<void> {
  await recordAttempt(db, key(userId), policy, now);
}
