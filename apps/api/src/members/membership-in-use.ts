import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { memberships, users } from '../db/schema';

export type MembershipRow = typeof memberships.$inferSelect;

/** A member's memberships, first registered first. */
export function membershipsOf(tx: Tx, userId: string): Promise<MembershipRow[]> {
  return tx
    .select()
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(
      asc(sql`coalesce(${memberships.registeredAt}, ${memberships.createdAt})`),
      asc(memberships.dpid),
    );
}

/**
 * Which of a member's memberships is in use (whose passes pre-booking spends): the one they
 * chose with membership/switch while it is still theirs, else the first registered.
 */
export function pickInUse(
  owned: readonly MembershipRow[],
  chosen: string | null,
): MembershipRow | undefined {
  return owned.find((m) => m.dpid === chosen) ?? owned[0];
}

/** A member's memberships and which of them is in use (undefined when they hold none). */
export async function membershipsWithInUse(
  tx: Tx,
  userId: string,
): Promise<{ owned: MembershipRow[]; inUse: MembershipRow | undefined }> {
  const [user] = await tx
    .select({ chosen: users.membershipInUse })
    .from(users)
    .where(eq(users.id, userId));
  const owned = await membershipsOf(tx, userId);
  return { owned, inUse: pickInUse(owned, user?.chosen ?? null) };
}

/** The member's membership in use, undefined for a member who holds none. */
export async function membershipInUse(tx: Tx, userId: string): Promise<MembershipRow | undefined> {
  return (await membershipsWithInUse(tx, userId)).inUse;
}

/** Passes a membership has left: the card's own for the year and those bought, less the used. */
export const passesLeft = (
  m: Pick<MembershipRow, 'passesPerYear' | 'passesBought' | 'passesUsed'>,
) => Math.max(0, m.passesPerYear + m.passesBought - m.passesUsed);

/** One of the member's memberships by number, locked for the caller's transaction. */
export async function ownMembershipForUpdate(
  tx: Tx,
  userId: string,
  dpid: string,
): Promise<MembershipRow | undefined> {
  const [row] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.dpid, dpid), eq(memberships.userId, userId)))
    .for('update');
  return row;
}
