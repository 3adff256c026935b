import type { MyDetails } from '@portal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { memberships } from '../../db/schema';
import type { User } from '../../members/member-row';

/** The member's numbers, first registered first (the first is their first membership). */
async function membershipNumbersOf(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ dpid: memberships.dpid })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(
      asc(sql`coalesce(${memberships.registeredAt}, ${memberships.createdAt})`),
      asc(memberships.dpid),
    );
  return rows.map((row) => row.dpid);
}

/** What the account pages show and edit of a member. */
export async function detailsOf(tx: Tx, user: User): Promise<MyDetails> {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailIsCheck: user.emailVerifiedAt !== null,
    mobileNoPrefix: user.mobilePrefix,
    mobileNo: user.mobileNumber,
    mobileAreaCode: user.mobileAreaCode,
    membershipNumbers: await membershipNumbersOf(tx, user.id),
  };
}
