import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  CODE_ATTEMPTS_BEFORE_LOCK,
  CODE_LOCK_SECONDS,
  CODE_REQUESTS_BEFORE_WAIT,
  CODE_REQUEST_WAIT_SECONDS,
  VERIFICATION_CODE_LENGTH,
} from '@portal/contract';
import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { verifications, type OutboxChannel, type VerificationPurpose } from '../db/schema';
import { admitAttempt, judgeTry, lockedFor, type AttemptPolicy } from './attempt-locks';
import { CallError } from './call-error';
import { safeEqual } from './crypto';
import { enqueueMessage } from './outbox';

export const CODE_TTL_SECONDS = 10 * 60;
export const LINK_TTL_SECONDS = 24 * 60 * 60;
/** Requests or wrong codes this close together count as "consecutive". */
export const VERIFICATION_WINDOW_SECONDS = 15 * 60;

const REQUEST_POLICY: AttemptPolicy = {
  max: CODE_REQUESTS_BEFORE_WAIT,
  windowSeconds: VERIFICATION_WINDOW_SECONDS,
  lockSeconds: CODE_REQUEST_WAIT_SECONDS,
};
const WRONG_CODE_POLICY: AttemptPolicy = {
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
function scopedMember(subject: VerificationSubject): string | null {
  if (!MEMBER_SCOPED_PURPOSES.has(subject.purpose)) return null;
  if (!subject.userId) throw new Error(`a ${subject.purpose} code needs the member it is for`);
  return subject.userId;
}

/** `<kind>:<purpose>:<target>`, or `<kind>:<purpose>:<member>:<target>` when member-scoped. */
function attemptKey(kind: 'verify-send' | 'verify-code', subject: VerificationSubject): string {
  const member = scopedMember(subject);
  const target = subject.target.toLowerCase();
  return member === null
    ? `${kind}:${subject.purpose}:${target}`
    : `${kind}:${subject.purpose}:${member}:${target}`;
}

const requestKey = (s: VerificationSubject) => attemptKey('verify-send', s);
const wrongCodeKey = (s: VerificationSubject) => attemptKey('verify-code', s);

/** The rows of a subject: its purpose and target, and its member when member-scoped. */
function rowsOf(subject: VerificationSubject): SQL | undefined {
  const member = scopedMember(subject);
  return and(
    eq(verifications.purpose, subject.purpose),
    eq(verifications.target, subject.target),
    member === null ? undefined : eq(verifications.userId, member),
  );
}

/** Codes are salted with their row's id, so a leaked table does not give a code per hash. */
function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`, 'utf8').digest('hex');
}

function newCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(
    VERIFICATION_CODE_LENGTH,
    '0',
  );
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

/** Ends the rows `which` picks that are still unused and unexpired. */
async function retireUnused(tx: Tx, which: SQL | undefined, now: Date): Promise<void> {
  await tx
    .update(verifications)
    .set({ expiresAt: now })
    .where(and(which, isNull(verifications.usedAt), gt(verifications.expiresAt, now)));
}

/** Ends the unused codes (or links and tokens) of a purpose and target (and member, if scoped). */
async function retireOutstanding(
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
async function storeAndSend(
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

/**
 * Sends a single-use link (its id is a random uuid) through the outbox. Throws `codeBusy`
 * (with `time`) when requests come too often.
 */
export async function issueLink(
  tx: Tx,
  request: IssueRequest,
  urlFor: (id: string) => string,
  message: (link: string) => MessageText,
  now: Date,
): Promise<{ id: string; link: string; expiresAt: Date }> {
  await throttleRequest(tx, request, now);
  const id = randomUUID();
  const link = urlFor(id);
  const expiresAt = new Date(now.getTime() + LINK_TTL_SECONDS * 1000);
  await storeAndSend(
    tx,
    request,
    { id, expiresAt, codeHash: null },
    { ...message(link), link },
    now,
  );
  return { id, link, expiresAt };
}

/**
 * Makes a single-use token (a random uuid) that is answered to the caller and sent nowhere,
 * e.g. the reset token a checked forgotten-password code buys. Earlier unused tokens of the
 * same purpose and target stop working. Check it with `findLink`, use it up with `consumeLink`.
 */
export async function issueToken(
  tx: Tx,
  request: IssueRequest,
  ttlSeconds: number,
  now: Date,
): Promise<{ id: string; expiresAt: Date }> {
  await retireOutstanding(tx, request, 'link', now);
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await storeAndSend(tx, request, { id, expiresAt, codeHash: null }, null, now);
  return { id, expiresAt };
}

/** Ends every unused link or token of a purpose for a user (e.g. once its flow has completed). */
export async function retireUserLinks(
  tx: Tx,
  subject: { purpose: VerificationPurpose; userId: string },
  now: Date,
): Promise<void> {
  await retireUnused(
    tx,
    and(
      eq(verifications.purpose, subject.purpose),
      eq(verifications.userId, subject.userId),
      isNull(verifications.codeHash),
    ),
    now,
  );
}

/**
 * Ends every unused code, link and token of the purposes that was issued to the user or sent
 * to one of the targets (e.g. the old address and number, once the member has changed them).
 * Targets are compared whatever their case.
 */
export async function retireOutstandingOf(
  tx: Tx,
  subject: { purposes: readonly VerificationPurpose[]; userId: string; targets: readonly string[] },
  now: Date,
): Promise<void> {
  if (subject.purposes.length === 0) return;
  const targets = [...new Set(subject.targets.map((t) => t.toLowerCase()))];
  await retireUnused(
    tx,
    and(
      inArray(verifications.purpose, [...subject.purposes]),
      or(
        eq(verifications.userId, subject.userId),
        targets.length > 0 ? inArray(sql`lower(${verifications.target})`, targets) : undefined,
      ),
    ),
    now,
  );
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

/**
 * A link or token that can still be used, without using it up. Throws `notFound` for an id
 * never issued for this purpose, and `linkExpired` for one past its expiry or already used.
 */
export async function findLink(
  tx: Tx,
  link: { id: string; purpose: VerificationPurpose },
  now: Date,
): Promise<VerificationRow> {
  const [row] = await tx
    .select()
    .from(verifications)
    .where(
      and(
        eq(verifications.id, link.id),
        eq(verifications.purpose, link.purpose),
        isNull(verifications.codeHash),
      ),
    );
  if (!row) throw new CallError('notFound');
  if (row.usedAt || row.expiresAt <= now) throw new CallError('linkExpired');
  return row;
}

/**
 * Uses up a link. Throws `notFound` for an id never issued for this purpose, and `linkExpired`
 * for one past its expiry or already used.
 */
export async function consumeLink(
  tx: Tx,
  link: { id: string; purpose: VerificationPurpose },
  now: Date,
): Promise<VerificationRow> {
  const row = await findLink(tx, link, now);
  const [used] = await tx
    .update(verifications)
    .set({ usedAt: now })
    .where(
      and(
        eq(verifications.id, row.id),
        isNull(verifications.usedAt),
        gt(verifications.expiresAt, now),
      ),
    )
    .returning();
  if (!used) throw new CallError('linkExpired');
  return used;
}
