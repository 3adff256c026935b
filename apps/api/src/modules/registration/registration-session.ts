import { randomUUID } from 'node:crypto';
import { SESSION_LOCK_SECONDS } from '@portal/contract';
import { and, desc, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { memberships, registrations } from '../../db/schema';
import { CallError } from '../../platform/call-error';

/** A registration session ends after 30 minutes without a call. */
export const REGISTRATION_IDLE_SECONDS = 30 * 60;

export type Registration = typeof registrations.$inferSelect;

const idleEnd = (now: Date) => new Date(now.getTime() + REGISTRATION_IDLE_SECONDS * 1000);

/**
 * Opens a registration session for a membership number; answers its uuid. It replaces the
 * client's unfinished ones for the number, and the number's expired ones are dropped.
 */
export async function openRegistration(
  tx: Tx,
  opening: { dpid: string; clientKey: string },
  now: Date,
): Promise<string> {
  await tx
    .delete(registrations)
    .where(
      and(
        eq(registrations.dpid, opening.dpid),
        or(
          lte(registrations.expiresAt, now),
          and(eq(registrations.clientKey, opening.clientKey), isNull(registrations.completedAt)),
        ),
      ),
    );
  const id = randomUUID();
  await tx
    .insert(registrations)
    .values({ ...opening, id, createdAt: now, lastUsedAt: now, expiresAt: idleEnd(now) });
  return id;
}

/**
 * The live session of a uuid, its idle time restarted; an unknown, expired or completed one
 * answers sessionTimedOut. One statement, so it also holds the row for the caller's transaction.
 */
export async function liveRegistration(tx: Tx, id: string, now: Date): Promise<Registration> {
  const [row] = await tx
    .update(registrations)
    .set({ lastUsedAt: now, expiresAt: idleEnd(now) })
    .where(
      and(
        eq(registrations.id, id),
        isNull(registrations.completedAt),
        gt(registrations.expiresAt, now),
      ),
    )
    .returning();
  if (!row) throw new CallError('sessionTimedOut');
  return row;
}

export async function updateRegistration(
  tx: Tx,
  id: string,
  values: Partial<Pick<Registration, 'details' | 'codeTarget' | 'codeVerifiedAt'>>,
): Promise<void> {
  await tx.update(registrations).set(values).where(eq(registrations.id, id));
}

/** Ends a session for good; its details are not kept once the account holds them. */
export async function completeRegistration(tx: Tx, id: string, now: Date): Promise<void> {
  await tx
    .update(registrations)
    .set({ completedAt: now, details: null })
    .where(eq(registrations.id, id));
}

/**
 * Seconds until a client may open a session for a number another client opened one for in the
 * last 30 s and has not completed; 0 when it may now.
 */
export async function sessionLockFor(
  tx: Tx,
  request: { dpid: string; clientKey: string },
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - SESSION_LOCK_SECONDS * 1000);
  const [latest] = await tx
    .select({ createdAt: registrations.createdAt })
    .from(registrations)
    .where(
      and(
        eq(registrations.dpid, request.dpid),
        ne(registrations.clientKey, request.clientKey),
        isNull(registrations.completedAt),
        gt(registrations.createdAt, since),
      ),
    )
    .orderBy(desc(registrations.createdAt))
    .limit(1);
  if (!latest) return 0;
  const ends = latest.createdAt.getTime() + SESSION_LOCK_SECONDS * 1000;
  return Math.max(0, Math.ceil((ends - now.getTime()) / 1000));
}

/**
 * The membership a sign-up is for, its row held until the transaction ends, so sign-ups of one
 * number take turns; sessionTimedOut when it is gone.
 */
export async function heldMembership(tx: Tx, dpid: string) {
  const [membership] = await tx
    .select()
    .from(memberships)
    .where(eq(memberships.dpid, dpid))
    .for('update');
  if (!membership) throw new CallError('sessionTimedOut');
  return membership;
}
