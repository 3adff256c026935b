import type { Db } from '../src/db/client';
import { memberships, users } from '../src/db/schema';
import { newMembershipNumber } from '../src/modules/membership/membership-number';

export type NewUser = Partial<typeof users.$inferInsert> & { email: string };

/** A registered member with plausible details; tests override what they care about. */
export async function insertUser(db: Db, values: NewUser) {
  const [user] = await db
    .insert(users)
    .values({
      mobilePrefix: '44',
      mobileNumber: '7400123456',
      mobileAreaCode: 'GB',
      firstName: 'Ann',
      lastName: 'Lee',
      passwordHash: 'x',
      issuer: 'natwest',
      ...values,
    })
    .returning();
  if (!user) throw new Error('the user was not inserted');
  return user;
}

export type NewMembership = Partial<typeof memberships.$inferInsert>;

/** An issued membership number (a fresh one unless given), not registered unless told. */
export async function insertMembership(db: Db, values: NewMembership = {}) {
  const [membership] = await db
    .insert(memberships)
    .values({
      dpid: newMembershipNumber(),
      issuer: 'natwest',
      cardType: 'black',
      holderName: 'Ann Lee',
      expiresOn: '2029-11-30',
      ...values,
    })
    .returning();
  if (!membership) throw new Error('the membership was not inserted');
  return membership;
}
