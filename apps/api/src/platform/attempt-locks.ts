import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
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
 * starts the count afresh.
 */
export async function recordAttempt(
  tx: Tx,
  key: string,
  policy: AttemptPolicy,
  now: Date,
): Promise<AttemptRecord> {
  const at = instant(now);
  const windowStart = instant(new Date(now.getTime() - policy.windowSeconds * 1000));
  const lockUntil = new Date(now.getTime() + policy.lockSeconds * 1000);
  const stale = sql`(${attemptLocks.windowStartedAt} <= ${windowStart} or coalesce(${attemptLocks.lockedUntil} <= ${at}, false))`;
  const counted = sql`case when ${stale} then 1 else ${attemptLocks.failures} + 1 end`;
  const [row] = await tx
    .insert(attemptLocks)
    .values({
      key,
      failures: 1,
      windowStartedAt: now,
      lockedUntil: policy.max <= 1 ? lockUntil : null,
    })
    .onConflictDoUpdate({
      target: attemptLocks.key,
      set: {
        failures: counted,
        windowStartedAt: sql`case when ${stale} then ${at} else ${attemptLocks.windowStartedAt} end`,
        // A lock still running is kept as it is: trying while locked does not extend it.
        lockedUntil: sql`case
          when ${attemptLocks.lockedUntil} > ${at} then ${attemptLocks.lockedUntil}
          when ${counted} >= ${policy.max}::int then ${instant(lockUntil)}
          else null end`,
      },
    })
    .returning({ failures: attemptLocks.failures, lockedUntil: attemptLocks.lockedUntil });
  if (!row) throw new Error(`attempt lock ${key} was not written`);
  return { attempts: row.failures, lockedFor: secondsUntil(row.lockedUntil, now) };
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
