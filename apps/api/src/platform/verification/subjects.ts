import { createHash } from 'node:crypto';
import {
  CODE_ATTEMPTS_BEFORE_LOCK,
  CODE_LOCK_SECONDS,
  CODE_REQUESTS_BEFORE_WAIT,
  CODE_REQUEST_WAIT_SECONDS,
} from '@portal/contract';
import { and, eq, gt, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { verifications, type OutboxChannel, type VerificationPurpose } from '../../db/schema';
import { admitAttempt, type AttemptPolicy } from '../attempt-locks';
import { CallError } from '../call-error';
import { enqueueMessage } from '../outbox';

/*
 * What codes, links and tokens share: who they are for, how their rows are found, stored and
 * retired, and how requests for them are throttled.
 */

export const CODE_TTL_SECONDS = 10 * 60;
export const LINK_TTL_SECONDS = 24 * 60 * 60;
/** Requests or wrong codes this close together count as "consecutive". */
export const VERIFICATION_WINDOW_SECONDS = 15 * 60;

export const REQUEST_POLICY: AttemptPolicy = {
  max: CODE_REQUESTS_BEFORE_WAIT,
  windowSeconds: VERIFICATION_WINDOW_SECONDS,
  lockSeconds: CODE_REQUEST_WAIT_SECONDS,
};
export const WRONG_CODE_POLICY: AttemptPolicy = {
  max: CODE_ATTEMPTS_BEFORE_LOCK,
  windowSeconds: VERIFICATION_WINDOW_SECONDS,
  lockSeconds: CODE_LOCK_SECONDS,
};

export type VerificationRow = typeof verifications.$inferSelect;

/** Who a code or link is for, and why. */
export interface VerificationSubject {
  purpose: VerificationPurpose;
  /** An email address or an E.164 number, as the message is sent to it. */
  target: string;
  /**
   * The member it is for. Required for the member-scoped purposes (MEMBER_SCOPED_PURPOSES),
   * whose codes belong to the member who asked rather than to the target alone.
   */
  userId?: string | null;
}

export interface IssueRequest extends VerificationSubject {
  channel: OutboxChannel;
  /** The flow's data to keep until it completes (e.g. registration details). */
  draft?: Record<string, unknown> | null;
}

/** What the message says; the code or link is given to it to put in the text. */
export interface MessageText {
  subject?: string;
  body: string;
}

/**
 * Purposes whose codes are the asking member's own: a member confirming a new email or mobile
 * for their account. Their throttles, the retiring of earlier codes and the check are per
 * purpose, target and member, so another member asking a code for the same address neither
 * cancels this member's code nor spends its requests or wrong tries, and cannot use it up.
 * Every other purpose is per purpose and target alone.
 */
export const MEMBER_SCOPED_PURPOSES: ReadonlySet<VerificationPurpose> = new Set([
  'email-change',
  'mobile-change',
]);

/** The member a subject's codes are scoped to; null for the purposes scoped by target alone. */
export function scopedMember(subject: VerificationSubject): string | null {
  if (!MEMBER_SCOPED_PURPOSES.has(subject.purpose)) return null;
  if (!subject.userId) throw new Error(`a ${subject.purpose} code needs the member it is for`);
  return subject.userId;
}

/** `<kind>:<purpose>:<target>`, or `<kind>:<purpose>:<member>:<target>` when member-scoped. */
export function attemptKey(
  kind: 'verify-send' | 'verify-code',
  subject: VerificationSubject,
): string {
  const member = scopedMember(subject);
  const target = subject.target.toLowerCase();
  return member === null
    ? `${kind}:${subject.purpose}:${target}`
    : `${kind}:${subject.purpose}:${member}:${target}`;
}

export const requestKey = (s: VerificationSubject) => attemptKey('verify-send', s);
export const wrongCodeKey = (s: VerificationSubject) => attemptKey('verify-code', s);

/** The rows of a subject: its purpose and target, and its member when member-scoped. */
export function rowsOf(subject: VerificationSubject): SQL | undefined {
  const member = scopedMember(subject);
  return and(
    eq(verifications.purpose, subject.purpose),
    eq(verifications.target, subject.target),
    member === null ? undefined : eq(verifications.userId, member),
  );
}

/** Codes are salted with their row's id, so a leaked table does not give a code per hash. */
export function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`, 'utf8').digest('hex');
}

/**
 * Counts a request to send a code or link. The last allowed request starts the wait; a request
 * during it throws `codeBusy` with the seconds left, before anything is written. Exported for a
 * request that sends something else to the target, so that it answers as a code request would.
 */
export async function throttleRequest(
  tx: Tx,
  subject: VerificationSubject,
  now: Date,
): Promise<void> {
  const admission = await admitAttempt(tx, requestKey(subject), REQUEST_POLICY, now);
  if (!admission.admitted) throw new CallError('codeBusy', { time: admission.lockedFor });
}

/** Ends the rows `which` picks that are still unused and unexpired. */
export async function retireUnused(tx: Tx, which: SQL | undefined, now: Date): Promise<void> {
  await tx
    .update(verifications)
    .set({ expiresAt: now })
    .where(and(which, isNull(verifications.usedAt), gt(verifications.expiresAt, now)));
}

/** Ends the unused codes (or links and tokens) of a purpose and target (and member, if scoped). */
export async function retireOutstanding(
  tx: Tx,
  subject: VerificationSubject,
  kind: 'code' | 'link',
  now: Date,
): Promise<void> {
  await retireUnused(
    tx,
    and(
      rowsOf(subject),
      kind === 'code' ? isNotNull(verifications.codeHash) : isNull(verifications.codeHash),
    ),
    now,
  );
}

/**
 * Records what was sent (a code only as its hash) and queues the message, in one transaction.
 * Without content nothing is queued.
 */
export async function storeAndSend(
  tx: Tx,
  request: IssueRequest,
  row: { id: string; expiresAt: Date; codeHash: string | null },
  content: (MessageText & { code?: string; link?: string }) | null,
  now: Date,
): Promise<void> {
  await tx.insert(verifications).values({
    ...row,
    purpose: request.purpose,
    target: request.target,
    channel: request.channel,
    userId: request.userId ?? null,
    draft: request.draft ?? null,
    createdAt: now,
  });
  if (content) {
    await enqueueMessage(tx, { channel: request.channel, to: request.target, ...content }, now);
  }
}
