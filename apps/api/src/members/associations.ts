import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { memberships, type MembershipStatus } from '../db/schema';

type Membership = Pick<typeof memberships.$inferSelect, 'dpid' | 'jointHolders'>;

/**
 * The registered memberships a number is held jointly with: those that list it among their
 * joint holders, and those it lists. With `ownerId`, only the ones that user owns.
 */
export async function registeredAssociates(
  tx: Tx,
  membership: Membership,
  ownerId?: string,
): Promise<{ dpid: string; userId: string | null }[]> {
  const listsIt = sql`${memberships.jointHolders} @> ${JSON.stringify([membership.dpid])}::jsonb`;
  const listed =
    membership.jointHolders.length > 0
      ? inArray(memberships.dpid, membership.jointHolders)
      : undefined;
  return tx
    .select({ dpid: memberships.dpid, userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        ownerId === undefined ? isNotNull(memberships.userId) : eq(memberships.userId, ownerId),
        ne(memberships.dpid, membership.dpid),
        or(listsIt, listed),
      ),
    );
}

/**
 * Registers to a user an unregistered number held jointly with one they own, and answers it;
 * a suspended one is answered without registering it. Undefined when it is not such a number.
 */
export async function claimAssociatedNumber(
  tx: Tx,
  userId: string,
  dpid: string,
  now: Date,
): Promise<{ dpid: string; status: MembershipStatus } | undefined> {
  const [membership] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.dpid, dpid), isNull(memberships.userId)));
  if (!membership) return undefined;
  if ((await registeredAssociates(tx, membership, userId)).length === 0) return undefined;
  if (membership.status === 'suspended') return membership;
  const [claimed] = await tx
    .update(memberships)
    .set({ userId, registeredAt: now })
    .where(and(eq(memberships.dpid, dpid), isNull(memberships.userId)))
    .returning({ dpid: memberships.dpid, status: memberships.status });
  return claimed;
}
