import { demoMembershipNumber } from '@portal/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/password-crypto';
import type { Tx } from '../client';
import { memberships, users } from '../schema';

/** The seeded demo member (documented in the README), so a newcomer can log in at once. */
export const DEMO_MEMBER = {
  email: 'demo@lounge.example',
  password: 'Demo-Pass-2026',
  firstName: 'Alex',
  lastName: 'Morgan',
  mobilePrefix: '44',
  mobileNumber: '7400900123',
  mobileAreaCode: 'GB',
  issuer: 'natwest',
  dpid: demoMembershipNumber('natwest', 'active'),
} as const;

/** Idempotent: the member is added once, and owns the active NatWest demo membership. */
export async function seedDemoMember(tx: Tx): Promise<void> {
  const sameEmail = sql`lower(${users.email}) = ${DEMO_MEMBER.email}`;
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sameEmail, isNull(users.deletedAt)));
  let userId = existing?.id;
  if (!userId) {
    const [created] = await tx
      .insert(users)
      .values({
        email: DEMO_MEMBER.email,
        emailVerifiedAt: new Date('2026-01-01T00:00:00Z'),
        mobilePrefix: DEMO_MEMBER.mobilePrefix,
        mobileNumber: DEMO_MEMBER.mobileNumber,
        mobileAreaCode: DEMO_MEMBER.mobileAreaCode,
        firstName: DEMO_MEMBER.firstName,
        lastName: DEMO_MEMBER.lastName,
        passwordHash: await hashPassword(DEMO_MEMBER.password),
        issuer: DEMO_MEMBER.issuer,
      })
      .returning({ id: users.id });
    userId = created!.id;
  }
  await tx
    .update(memberships)
    .set({
      userId,
      holderName: `${DEMO_MEMBER.firstName} ${DEMO_MEMBER.lastName}`,
      registeredAt: new Date('2026-01-01T00:00:00Z'),
    })
    .where(and(eq(memberships.dpid, DEMO_MEMBER.dpid), isNull(memberships.userId)));
}
