import type { Database } from '../../apps/api/src/db/client';
import { memberships, users } from '../../apps/api/src/db/schema';
import { newMembershipNumber } from '../../apps/api/src/members/membership-number';

/** A bench member (`Bench <Role><i>`) holding a NatWest membership with `passesPerYear`. */
export async function insertBenchMember(
  database: Database,
  role: string,
  i: number,
  now: Date,
  passesPerYear = 0,
) {
  const [user] = await database.db
    .insert(users)
    .values({
      email: `bench.${role.toLowerCase()}.${i}@example.com`,
      emailVerifiedAt: now,
      mobilePrefix: '44',
      mobileNumber: `74${role === 'Buyer' ? '001' : '002'}${String(i).padStart(5, '0')}`,
      mobileAreaCode: 'GB',
      firstName: 'Bench',
      lastName: `${role}${i}`,
      passwordHash: 'x',
      issuer: 'natwest',
    })
    .returning();
  const [membership] = await database.db
    .insert(memberships)
    .values({
      dpid: newMembershipNumber(),
      issuer: 'natwest',
      cardType: 'black',
      expiresOn: '2030-12-31',
      passesPerYear,
      userId: user!.id,
      registeredAt: now,
    })
    .returning();
  return { user: user!, membership: membership! };
}
