import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { placeholders, prepared } from '../db/prepared';
import { memberships, users } from '../db/schema';

export type MembershipRow = typeof memberships.$inferSelect;

/** First registered first: the order a member's memberships are listed and picked in. */
const firstRegisteredFirst = [
  asc(sql`coalesce(${memberships.registeredAt}, ${memberships.createdAt})`),
  asc(memberships.dpid),
];

const ownedMemberships = prepared('owned_memberships', (tx, name) =>
  tx
    .select()
    .from(memberships)
    .where(eq(memberships.userId, placeholders('userId').userId))
    .orderBy(...firstRegisteredFirst)
    .prepare(name),
);

/**
 * The member's memberships as membershipsOf lists them, each with the membership the member
 * chose to use (users.membership_in_use): one statement, read in one snapshot (issue 23: the
 * checkout's answers read both on every call, as two statements).
 */
const ownedWithChoice = prepared('owned_memberships_with_choice', (tx, name) => {
  const { userId } = placeholders('userId');
  const chosen = tx.select({ dpid: users.membershipInUse }).from(users).where(eq(users.id, userId));
  return tx
    .select({ membership: memberships, chosen: sql<string | null>`(${chosen})` })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(...firstRegisteredFirst)
    .prepare(name);
});

/** A member's memberships, first registered first. */
export function membershipsOf(tx: Tx, userId: string): Promise<MembershipRow[]> {
  return ownedMemberships(tx).execute({ userId });
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
  const rows = await ownedWithChoice(tx).execute({ userId });
  const owned = rows.map((row) => row.membership);
  return { owned, inUse: pickInUse(owned, rows[0]?.chosen ?? null) };
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
