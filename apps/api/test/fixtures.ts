import type { Db } from '../src/db/client';
import { users } from '../src/db/schema';

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
