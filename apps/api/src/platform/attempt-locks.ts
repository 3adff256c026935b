import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { placeholders, prepared } from '../db/prepared';
import { attemptLocks } from '../db/schema';

/** How many attempts a key may make within a window before it is locked, and for how long. */
export interface AttemptPolicy {
  max: number;
  windowSeconds: number;
  lockSeconds: number;
}

export interface AttemptRecord {
  /** Attempts counted in the current window, this one included. */
  attempts: number;
  /** Seconds until the key may try again; 0 when it is not locked. */
  lockedFor: number;
}

const instant = (d: Date) => sql`${d.toISOString()}::timestamptz`;

function secondsUntil(until: Date | null, now: Date): number {
  if (!until) return 0;
  return Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/**
 * Counts one attempt (a wrong code, a failed login, a code request) for a key. The
 * `max`-th attempt within the window locks the key for `lockSeconds`. One upsert, so
 * concurrent requests on any process count correctly. A lapsed window or an ended lock
 * starts the count afresh; a running lock is never forgotten, however old its window.
 */
export async function recordAttempt(
  tx: Tx,
  key: string,
  policy: AttemptPolicy,
  now: Date,
): Promise<AttemptRecord> {
  const lockUntil = new Date(now.getTime() + policy.lockSeconds * 1000).toISOString();
  const [row] = await attemptUpsert(tx).execute({
    key,
    at: now.toISOString(),
    windowStart: new Date(now.getTime() - policy.windowSeconds * 1000).toISOString(),
    lockUntil,
    firstLock: policy.max <= 1 ? lockUntil : null,
    max: policy.max,
  });
  if (!row) throw new Error(`attempt lock ${key} was not written`);
  return { attempts: row.failures, lockedFor: secondsUntil(row.lockedUntil, now) };
}

/**
 * recordAttempt's upsert, built once (prepared.ts: every login, code and payment counts one).
 * Its times are ISO strings cast in the statement; `firstLock` is the new key's lock (a policy
 * of one attempt locks at once), null otherwise.
 */
const attemptUpsert = prepared('attempt_upsert', (tx, name) => {
  const p = placeholders('key', 'at', 'windowStart', 'lockUntil', 'firstLock', 'max');
  const at = sql`${p.at}::timestamptz`;
  // With a lock set, the count is stale once the lock has ended; without, once the window has.
  const stale = sql`coalesce(${attemptLocks.lockedUntil} <= ${at}, ${attemptLocks.windowStartedAt} <= ${p.windowStart}::timestamptz)`;
  const counted = sql`case when ${stale} then 1 else ${attemptLocks.failures} + 1 end`;
  return tx
    .insert(attemptLocks)
    .values({
      key: p.key,
      failures: 1,
      windowStartedAt: at,
      lockedUntil: sql`${p.firstLock}::timestamptz`,
    })
    .onConflictDoUpdate({
      target: attemptLocks.key,
      set: {
        failures: counted,
        windowStartedAt: sql`case when ${stale} then ${at} else ${attemptLocks.windowStartedAt} end`,
        // A lock still running is kept as it is: trying while locked does not extend it.
        lockedUntil: sql`case
          when ${attemptLocks.lockedUntil} > ${at} then ${attemptLocks.lockedUntil}
          when ${counted} >= ${p.max}::int then ${p.lockUntil}::timestamptz
          else null end`,
      },
    })
    .returning({ failures: attemptLocks.failures, lockedUntil: attemptLocks.lockedUntil })
    .prepare(name);
});

/** Whether a try may be made, decided and counted in one step (see `admitAttempt`). */
export type Admission =
  /** `attempt` is this try's place in the count; `lockedFor` > 0 when it was the last allowed. */
  | { admitted: true; attempt: number; lockedFor: number }
  /** The key is locked, or the tries already under way use up what it may make. */
  | { admitted: false; lockedFor: number };

/**
 * "May this key try now, and count this try", as one statement: the try is counted before it
 * is judged, so parallel requests on any process cannot all pass a check made before any of
 * them was counted. At most `max` tries are admitted in a window; the `max`-th locks the key
 * and every try after it is refused with the lock's seconds left. A try judged right must be
 * forgiven with `forgiveAttempts`; a wrong one stays counted.
 */
export async function admitAttempt(
  tx: Tx,
  key: string,
  policy: AttemptPolicy,
  now: Date,
): Promise<Admission> {
  const record = await recordAttempt(tx, key, policy, now);
  return record.attempts <= policy.max
    ? { admitted: true, attempt: record.attempts, lockedFor: record.lockedFor }
    : { admitted: false, lockedFor: record.lockedFor };
}

/**
 * After a try admitted as `attempt` was judged right: forgets it and the tries counted before
 * it. Tries counted after it (made at the same time, and still being judged or refused) stay
 * counted, with any lock they set, so a success never opens the way to more tries than the
 * limit.
 */
export async function forgiveAttempts(tx: Tx, key: string, attempt: number): Promise<void> {
  await tx
    .delete(attemptLocks)
    .where(and(eq(attemptLocks.key, key), lte(attemptLocks.failures, attempt)));
  await tx
    .update(attemptLocks)
    // A lock they set stays whole: the count under it is what keeps refusing tries.
    .set({
      failures: sql`case when ${attemptLocks.lockedUntil} is null then ${attemptLocks.failures} - ${attempt}::int else ${attemptLocks.failures} end`,
    })
    .where(and(eq(attemptLocks.key, key), gt(attemptLocks.failures, attempt)));
}

/** How a try made under a lock came out. */
export type JudgedTry =
  | { outcome: 'right' }
  /** `lockedFor` > 0: this wrong try was the last allowed and locked the key. */
  | { outcome: 'wrong'; lockedFor: number }
  | { outcome: 'refused'; lockedFor: number };

/**
 * One try under a lock (a password, a code, a membership number): admitted and counted first
 * (`admitAttempt`), then judged by `isRight`, and forgiven when right. A refused try is never
 * judged.
 */
export async function judgeTry(
  tx: Tx,
  key: string,
  policy: AttemptPolicy,
  now: Date,
  isRight: () => Promise<boolean>,
): Promise<JudgedTry> {
  const admission = await admitAttempt(tx, key, policy, now);
  if (!admission.admitted) return { outcome: 'refused', lockedFor: admission.lockedFor };
  if (!(await isRight())) return { outcome: 'wrong', lockedFor: admission.lockedFor };
  await forgiveAttempts(tx, key, admission.attempt);
  return { outcome: 'right' };
}

/** Seconds until the key may try again; 0 when it is free. */
export async function lockedFor(tx: Tx, key: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ lockedUntil: attemptLocks.lockedUntil })
    .from(attemptLocks)
    .where(eq(attemptLocks.key, key));
  return secondsUntil(row?.lockedUntil ?? null, now);
}

/** Forgets a key's attempts (e.g. after a success). */
export async function clearAttempts(tx: Tx, key: string): Promise<void> {
  await tx.delete(attemptLocks).where(eq(attemptLocks.key, key));
}

/** No attempt policy's window is longer than this (the longest today: one hour). */
export const LONGEST_ATTEMPT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes counts whose window ended long ago and that hold no running lock: they would start
 * afresh anyway. Keeps the table (which holds client addresses) from growing without end.
 */
export async function purgeStaleAttempts(tx: Tx, now: Date): Promise<number> {
  const before = instant(new Date(now.getTime() - LONGEST_ATTEMPT_WINDOW_MS));
  const rows = await tx
    .delete(attemptLocks)
    .where(
      sql`${attemptLocks.windowStartedAt} < ${before} and (${attemptLocks.lockedUntil} is null or ${attemptLocks.lockedUntil} <= ${instant(now)})`,
    )
    .returning({ key: attemptLocks.key });
  return rows.length;
}
