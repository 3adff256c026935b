import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { sessions } from '../db/schema';
import { hashToken, newToken } from './crypto';

/**
 * Revocations made by this process, counted after each one's statement: a member check this
 * process keeps (plugins/auth.ts) holds only while the count has not moved.
 */
let revocations = 0;
export const revocationCount = (): number => revocations;

/** Opens a session for a user; the clear token is returned once and never stored. */
export async function createSession(tx: Tx, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await tx
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, createdAt: now, lastUsedAt: now });
  return token;
}

export async function revokeSession(tx: Tx, tokenHash: string, now: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  revocations += 1;
}

/**
 * Ends every live session of a user (e.g. after a password change), but the one whose token
 * hash is `except` when given: the caller's own.
 */
export async function revokeUserSessions(
  tx: Tx,
  userId: string,
  now: Date,
  options: { except?: string } = {},
): Promise<number> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        options.except === undefined ? undefined : ne(sessions.tokenHash, options.except),
      ),
    )
    .returning({ tokenHash: sessions.tokenHash });
  revocations += 1;
  return revoked.length;
}
