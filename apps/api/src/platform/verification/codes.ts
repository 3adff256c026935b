import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@portal/contract';
import { and, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { verifications } from '../../db/schema';
import { judgeTry, lockedFor } from '../attempt-locks';
import { CallError } from '../call-error';
import { safeEqual } from '../crypto';
import {
  CODE_TTL_SECONDS,
  hashCode,
  retireOutstanding,
  rowsOf,
  scopedMember,
  storeAndSend,
  throttleRequest,
  WRONG_CODE_POLICY,
  wrongCodeKey,
  type IssueRequest,
  type MessageText,
  type VerificationRow,
  type VerificationSubject,
} from './subjects';

/* One-time 6-digit codes: sent, checked (wrong ones counted under the code lock), used once. */

function newCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(
    VERIFICATION_CODE_LENGTH,
    '0',
  );
}

/**
 * Sends a new 6-digit code through the outbox. Earlier codes for the same purpose and target
 * (and member, for the member-scoped purposes) stop working. Throws `codeBusy` (with `time`)
 * when requests come too often.
 *
 * With `message` null (a target no account has) the request is throttled and recorded alike,
 * but nothing is sent and the row holds a hash no code matches: checking any code for the
 * target then answers as a wrong code does, so the answers do not tell accounts apart.
 */
export async function issueCode(
  tx: Tx,
  request: IssueRequest,
  message: ((code: string) => MessageText) | null,
  now: Date,
): Promise<{ id: string; expiresAt: Date }> {
  await throttleRequest(tx, request, now);
  await retireOutstanding(tx, request, 'code', now);
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + CODE_TTL_SECONDS * 1000);
  if (!message) {
    // Not 6 digits, so no code can ever match it.
    const unmatchable = randomBytes(32).toString('hex');
    await storeAndSend(
      tx,
      request,
      { id, expiresAt, codeHash: hashCode(id, unmatchable) },
      null,
      now,
    );
    return { id, expiresAt };
  }
  const code = newCode();
  await storeAndSend(
    tx,
    request,
    { id, expiresAt, codeHash: hashCode(id, code) },
    { ...message(code), code },
    now,
  );
  return { id, expiresAt };
}

export type CodeCheckError = 'codeNotRecognised' | 'codeExpired' | 'codeLocked';

export type CodeCheck =
  { ok: true; verification: VerificationRow } | { ok: false; error: CodeCheckError; time?: number };

/**
 * Checks a code and, when right, uses it up. It answers instead of throwing because a wrong
 * code must be counted even though the call fails: the caller commits, then throws
 * `codeCheckFailure(outcome)`. The third wrong code locks the target for five minutes and
 * retires its outstanding code.
 *
 * For the member-scoped purposes only the member's own codes are checked, counted and locked:
 * a code sent to another member for the same target is not found for this one, answers as a
 * wrong code does (without counting: no code of this member's is being guessed) and stays
 * usable by its own member.
 */
export async function checkCode(
  tx: Tx,
  subject: VerificationSubject & { code: string },
  now: Date,
): Promise<CodeCheck> {
  const lockKey = wrongCodeKey(subject);
  const locked = await lockedFor(tx, lockKey, now);
  if (locked > 0) return { ok: false, error: 'codeLocked', time: locked };

  const outstanding = and(
    isNotNull(verifications.codeHash),
    isNull(verifications.usedAt),
    gt(verifications.expiresAt, now),
  );
  const [latest] = await tx
    .select()
    .from(verifications)
    .where(and(rowsOf(subject), outstanding))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  if (!latest?.codeHash) {
    const member = scopedMember(subject);
    if (member !== null && (await othersOutstanding(tx, subject, member, now))) {
      return { ok: false, error: 'codeNotRecognised' };
    }
    return { ok: false, error: 'codeExpired' };
  }

  const codeHash = latest.codeHash;
  // Counted before it is compared, so parallel guesses cannot all pass the lock together.
  const judged = await judgeTry(tx, lockKey, WRONG_CODE_POLICY, now, async () => {
    if (safeEqual(hashCode(latest.id, subject.code), codeHash)) return true;
    await tx
      .update(verifications)
      .set({ attempts: sql`${verifications.attempts} + 1` })
      .where(eq(verifications.id, latest.id));
    return false;
  });
  if (judged.outcome === 'refused')
    return { ok: false, error: 'codeLocked', time: judged.lockedFor };
  if (judged.outcome === 'wrong') {
    if (judged.lockedFor === 0) return { ok: false, error: 'codeNotRecognised' };
    await tx.update(verifications).set({ expiresAt: now }).where(eq(verifications.id, latest.id));
    return { ok: false, error: 'codeLocked', time: judged.lockedFor };
  }

  const [used] = await tx
    .update(verifications)
    .set({ usedAt: now })
    .where(and(eq(verifications.id, latest.id), isNull(verifications.usedAt)))
    .returning();
  if (!used) return { ok: false, error: 'codeExpired' };
  return { ok: true, verification: used };
}

/** Whether another member has a live code of a member-scoped subject's purpose and target. */
async function othersOutstanding(
  tx: Tx,
  subject: VerificationSubject,
  member: string,
  now: Date,
): Promise<boolean> {
  const [other] = await tx
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.purpose, subject.purpose),
        eq(verifications.target, subject.target),
        ne(verifications.userId, member),
        isNotNull(verifications.codeHash),
        isNull(verifications.usedAt),
        gt(verifications.expiresAt, now),
      ),
    )
    .limit(1);
  return other !== undefined;
}

/** The failure a code check answered, to throw once its transaction has committed. */
export function codeCheckFailure(outcome: Extract<CodeCheck, { ok: false }>): CallError {
  return new CallError(outcome.error, outcome.time === undefined ? {} : { time: outcome.time });
}
