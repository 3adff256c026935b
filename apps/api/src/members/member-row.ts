import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { CallError } from '../platform/call-error';

/** A member's row. */
export type User = typeof users.$inferSelect;

/** The condition that picks a member's live (not deleted) row. */
export const liveUser = (userId: string) => and(eq(users.id, userId), isNull(users.deletedAt));

/** The condition that picks rows with this email, whatever its case (live or deleted). */
export const withEmail = (email: string) =>
  sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

/** The condition that picks the live row with this email, whatever its case. */
export const liveWithEmail = (email: string) => and(withEmail(email), isNull(users.deletedAt));

/** The member's live row, if the member has not been deleted. */
export async function liveMember(tx: Tx, userId: string): Promise<User | undefined> {
  const [user] = await tx.select().from(users).where(liveUser(userId));
  return user;
}

/** The member's live row; a deleted member answers `authFailure` (20002). */
export async function memberOrAuthFailure(tx: Tx, userId: string): Promise<User> {
  const user = await liveMember(tx, userId);
  if (!user) throw new CallError('authFailure');
  return user;
}

/**
 * The member's live row, locked for the rest of the caller's transaction so delete-account
 * (which reads it `for update`) cannot commit in between: a call that writes anything of the
 * member's reads them with this first. A member deleted meanwhile, or before, answers
 * `authFailure` (20002), also once a delete it waited for has committed.
 *
 * `share` for calls that write other rows of the member's; `no key update` for those that
 * update the users row itself (two `share` holders upgrading to update deadlock).
 */
export async function lockedMember(
  tx: Tx,
  userId: string,
  mode: 'share' | 'no key update' = 'share',
): Promise<User> {
  const [user] = await tx.select().from(users).where(liveUser(userId)).for(mode);
  if (!user) throw new CallError('authFailure');
  return user;
}
