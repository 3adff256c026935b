import { calls, type BookingMembership, type MembershipState } from '@portal/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { memberships } from '../../db/schema';
import {
  membershipsWithInUse,
  passesLeft,
  type MembershipRow,
} from '../../members/membership-in-use';
import { CallError } from '../../platform/call-error';
import { localDateAt } from '../../platform/slots';
import { registerCall } from '../../plugins/calls';

/** Membership expiry dates are UK calendar dates. */
const MEMBERSHIP_TIME_ZONE = 'Europe/London';

/** A membership's state today: one past its expiry date is expired whatever its row says. */
export function stateOf(row: MembershipRow, now: Date): MembershipState {
  if (row.status === 'suspended') return 'suspended';
  if (row.status === 'expired' || row.expiresOn < localDateAt(now, MEMBERSHIP_TIME_ZONE))
    return 'expired';
  return 'active';
}

export function bookingMembershipView(
  row: MembershipRow,
  inUse: boolean,
  now: Date,
): BookingMembership {
  const status = stateOf(row, now);
  return {
    dpid: row.dpid,
    cardType: row.cardType,
    status,
    passesLeft: passesLeft(row),
    usable: status === 'active',
    inUse,
  };
}

/**
 * The membership whose passes a booking spends: the member's own, and not suspended or
 * expired (each its own error).
 */
export async function spendableMembership(
  tx: Tx,
  userId: string,
  dpid: string,
  now: Date,
): Promise<MembershipRow> {
  const [row] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.dpid, dpid), eq(memberships.userId, userId)));
  if (!row) throw new CallError('notFound');
  const state = stateOf(row, now);
  if (state === 'suspended') throw new CallError('membershipSuspended');
  if (state === 'expired') throw new CallError('membershipExpired');
  return row;
}

/**
 * Spends `passes` of a membership: one conditional update, so two bookings at once never spend
 * a pass twice; false when they are no longer there (or the membership stopped being usable).
 */
export async function spendPasses(
  tx: Tx,
  userId: string,
  dpid: string,
  passes: number,
  now: Date,
): Promise<boolean> {
  if (passes <= 0) return true;
  const spent = await tx
    .update(memberships)
    .set({ passesUsed: sql`${memberships.passesUsed} + ${passes}` })
    .where(
      and(
        eq(memberships.dpid, dpid),
        eq(memberships.userId, userId),
        eq(memberships.status, 'active'),
        gte(memberships.expiresOn, localDateAt(now, MEMBERSHIP_TIME_ZONE)),
        sql`${memberships.passesPerYear} + ${memberships.passesBought} - ${memberships.passesUsed} >= ${passes}`,
      ),
    )
    .returning({ dpid: memberships.dpid });
  return spent.length > 0;
}

/** select-num and available-passes: which membership pays passes, and how many it has. */
export function registerBookingMemberships(app: FastifyInstance): void {
  registerCall(app, calls.selectMembership, async ({ member }) => {
    const now = app.clock.now();
    const { owned, inUse } = await membershipsWithInUse(app.db, member.userId);
    const views = owned.map((row) => bookingMembershipView(row, row.dpid === inUse?.dpid, now));
    return [...views.filter((m) => m.inUse), ...views.filter((m) => !m.inUse)];
  });

  registerCall(app, calls.availablePasses, async ({ payload, member }) => {
    const { owned, inUse } = await membershipsWithInUse(app.db, member.userId);
    const row = owned.find((m) => m.dpid === payload.dpid);
    if (!row) throw new CallError('notFound');
    return bookingMembershipView(row, row.dpid === inUse?.dpid, app.clock.now());
  });
}
