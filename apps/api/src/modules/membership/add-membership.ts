import { calls, type ErrorName } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { memberships } from '../../db/schema';
import { registeredAssociates } from '../../members/associations';
import { compareWithHolder } from '../../members/holder-names';
import { lockedMember, memberOrAuthFailure, type User } from '../../members/member-row';
import { membershipCard } from '../../members/membership-card';
import type { MembershipRow } from '../../members/membership-in-use';
import { hasValidCheckDigit, WRONG_NUMBER_POLICY } from '../../members/membership-number';
import { judgeTry, lockedFor } from '../../platform/attempt-locks';
import { CallError } from '../../platform/call-error';
import { registerCall } from '../../plugins/calls';
import { memberMemberships } from './membership-view';

/** Per member: the lock follows the account, whichever device or network it tries from. */
export const addNumberKey = (userId: string) => `membership-add:${userId}`;

/**
 * Why a number on file cannot be added to this member, if it cannot: it is someone's already
 * (theirs included), it is held jointly with another member's, it is suspended, or it names
 * another holder (who should register it with their own email).
 */
async function whyNotAddable(
  tx: Tx,
  user: User,
  membership: MembershipRow,
): Promise<ErrorName | undefined> {
  if (membership.userId !== null) return 'numberCannotBeAdded';
  const associates = await registeredAssociates(tx, membership);
  if (associates.some((a) => a.userId !== user.id)) return 'numberCannotBeAdded';
  if (membership.status === 'suspended') return 'membershipSuspended';
  const jointWithOwn = associates.length > 0;
  if (!jointWithOwn && compareWithHolder(membership.holderName, user) !== 'match') {
    return 'differentEmailForAdditional';
  }
  return undefined;
}

/**
 * Judges the number under the member's wrong-number lock: a number not on file (or failing its
 * check digit) counts as wrong; one on file clears the count. Its own statements, outside any
 * transaction, so a wrong try stays counted when the call fails.
 */
async function judgeNumber(app: FastifyInstance, userId: string, dpid: string): Promise<void> {
  const now = app.clock.now();
  const key = addNumberKey(userId);
  const wait = await lockedFor(app.db, key, now);
  if (wait > 0) throw new CallError('membershipNumberLocked', { time: wait });
  const wellFormed = hasValidCheckDigit(dpid);
  const judged = await judgeTry(app.db, key, WRONG_NUMBER_POLICY, now, async () => {
    if (!wellFormed) return false;
    const [onFile] = await app.db
      .select({ dpid: memberships.dpid })
      .from(memberships)
      .where(eq(memberships.dpid, dpid));
    return onFile !== undefined;
  });
  if (judged.outcome === 'right') return;
  if (judged.lockedFor > 0)
    throw new CallError('membershipNumberLocked', { time: judged.lockedFor });
  throw new CallError(wellFormed ? 'numberNotRecognised' : 'membershipNotRecognised');
}

/**
 * A number judged on file and checked as addable. In a transaction (`add`) the row is locked
 * for the rest of it; the preview (`check-dragonCard`) reads it plainly.
 */
async function addableMembership(
  tx: Tx,
  user: User,
  dpid: string,
  lock: 'lock' | 'read',
): Promise<MembershipRow> {
  const query = tx.select().from(memberships).where(eq(memberships.dpid, dpid));
  const [found] = lock === 'lock' ? await query.for('update') : await query;
  if (!found) throw new CallError('numberNotRecognised');
  const refusal = await whyNotAddable(tx, user, found);
  if (refusal) throw new CallError(refusal);
  return found;
}

/** Adding a membership: check-dragonCard previews the card, add registers it to the member. */
export function registerAddMembership(app: FastifyInstance): void {
  registerCall(app, calls.checkMembershipNumber, async ({ payload, member }) => {
    await judgeNumber(app, member.userId, payload.dpid);
    const user = await memberOrAuthFailure(app.db, member.userId);
    const membership = await addableMembership(app.db, user, payload.dpid, 'read');
    const card = membershipCard(
      membership,
      membership.holderName ?? `${user.firstName} ${user.lastName}`,
    );
    return { ...card, expiresOn: membership.expiresOn };
  });

  registerCall(app, calls.addMembership, async ({ payload, member }) => {
    await judgeNumber(app, member.userId, payload.dpid);
    await app.db.transaction(async (tx) => {
      const user = await lockedMember(tx, member.userId);
      const membership = await addableMembership(tx, user, payload.dpid, 'lock');
      const [added] = await tx
        .update(memberships)
        .set({ userId: user.id, registeredAt: app.clock.now() })
        .where(and(eq(memberships.dpid, membership.dpid), isNull(memberships.userId)))
        .returning({ dpid: memberships.dpid });
      if (!added) throw new CallError('numberCannotBeAdded');
    });
    return memberMemberships(app.db, member.userId);
  });
}
