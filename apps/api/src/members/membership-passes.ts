import type { MembershipState } from '@portal/contract';
import { and, eq, gte, sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { memberships } from '../db/schema';
import { CallError } from '../platform/call-error';
import { localDateAt } from '../platform/slots';
import type { MembershipRow } from './membership-in-use';

/*
 * A membership's passes as bookings and offers spend them: whether it may spend at all, the
 * spending (one conditional update) and the giving back.
 */

/** Membership expiry dates are UK calendar dates. */
const MEMBERSHIP_TIME_ZONE = 'Europe/London';

/** What a membership's state is decided by. */
export type MembershipStateFields = Pick<MembershipRow, 'status' | 'expiresOn'>;

/** A membership's state today: one past its expiry date is expired whatever its row says. */
export function stateOf(row: MembershipStateFields, now: Date): MembershipState {
  if (row.status === 'suspended') return 'suspended';
  if (row.status === 'expired' || row.expiresOn < membershipToday(now)) return 'expired';
  return 'active';
}

/**
 * The membership whose passes a booking or an offer spends: the member's own, and not suspended or
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
  return mustBeSpendable(row, now);
}

/**
 * A membership of the member's as read (undefined: not theirs, or none), if it may spend passes
 * at `now`; else the error each case answers.
 */
export function mustBeSpendable<Row extends MembershipStateFields>(
  row: Row | undefined | null,
  now: Date,
): Row {
  if (!row) throw new CallError('notFound');
  const state = stateOf(row, now);
  if (state === 'suspended') throw new CallError('membershipSuspended');
  if (state === 'expired') throw new CallError('membershipExpired');
  return row;
}

/** Today's date as membership expiry dates count it (UK). */
export const membershipToday = (now: Date) => localDateAt(now, MEMBERSHIP_TIME_ZONE);

/**
 * Spending `passes` of a membership as one conditional update, to run or to build on (a booking's
 * fulfilment spends them in its hold's statement): the member's own membership, active, not
 * past its expiry `today` (membershipToday), with the passes left.
 */
export const spendingUpdate = (
  tx: Tx,
  {
    dpid,
    userId,
    passes,
    today,
  }: Record<'dpid' | 'userId' | 'today', string | SQLWrapper> & { passes: number | SQLWrapper },
) =>
  tx
    .update(memberships)
    .set({ passesUsed: sql`${memberships.passesUsed} + ${passes}` })
    .where(
      and(
        eq(memberships.dpid, dpid),
        eq(memberships.userId, userId),
        eq(memberships.status, 'active'),
        gte(memberships.expiresOn, today),
        sql`${memberships.passesPerYear} + ${memberships.passesBought} - ${memberships.passesUsed} >= ${passes}`,
      ),
    )
    .returning({ dpid: memberships.dpid });

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
  const spent = await spendingUpdate(tx, { dpid, userId, passes, today: membershipToday(now) });
  return spent.length > 0;
}

/** Gives `passes` back to a membership (a cancelled booking, a change, an unused voucher). */
export async function returnPasses(tx: Tx, dpid: string, passes: number): Promise<void> {
  if (passes <= 0) return;
  await tx
    .update(memberships)
    .set({ passesUsed: sql`greatest(${memberships.passesUsed} - ${passes}, 0)` })
    .where(eq(memberships.dpid, dpid));
}
