import { calls, type ErrorName } from '@portal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { memberships } from '../../db/schema';
import { judgeTry, lockedFor } from '../../platform/attempt-locks';
import { CallError } from '../../platform/call-error';
import { registerCall } from '../../plugins/calls';
import { registeredAssociates } from '../../members/associations';
import { hasValidCheckDigit, WRONG_NUMBER_POLICY } from '../../members/membership-number';
import { heldMembership, openRegistration, sessionLockFor } from './registration-session';

export const wrongNumberKey = (clientKey: string) => `verify-card:${clientKey}`;

type Membership = typeof memberships.$inferSelect;

/** Why a number on file cannot open a registration, if it cannot. */
async function unavailability(tx: Tx, membership: Membership): Promise<ErrorName | undefined> {
  if (membership.userId) {
    const [first] = await tx
      .select({ dpid: memberships.dpid })
      .from(memberships)
      .where(eq(memberships.userId, membership.userId))
      .orderBy(
        asc(sql`coalesce(${memberships.registeredAt}, ${memberships.createdAt})`),
        asc(memberships.dpid),
      )
      .limit(1);
    return first?.dpid === membership.dpid ? 'numberInUse' : 'numberInUseRegistered';
  }
  if ((await registeredAssociates(tx, membership)).length > 0) return 'associatedAccountRegistered';
  if (membership.status === 'suspended') return 'membershipSuspended';
  return undefined;
}

/**
 * Registration step 1. The client (its IP address) is checked for the wrong-number lock first;
 * a number that fails its check digit or is not on file counts as wrong; a number on file clears
 * the count, then must be free to register and not opened by another client in the last 30 s.
 */
export function registerVerifyCard(app: FastifyInstance): void {
  registerCall(app, calls.verifyCard, async ({ payload, request }) => {
    const now = app.clock.now();
    const clientKey = request.ip;
    const key = wrongNumberKey(clientKey);
    const wait = await lockedFor(app.db, key, now);
    if (wait > 0) throw new CallError('verifySessionLocked', { time: wait });

    // Counted before it is judged, so parallel wrong numbers cannot all pass the lock together.
    const found: { dpid?: string; wellFormed?: boolean } = {};
    const judged = await judgeTry(app.db, key, WRONG_NUMBER_POLICY, now, async () => {
      found.wellFormed = hasValidCheckDigit(payload.dpid);
      const [onFile] = found.wellFormed
        ? await app.db
            .select({ dpid: memberships.dpid })
            .from(memberships)
            .where(eq(memberships.dpid, payload.dpid))
        : [];
      found.dpid = onFile?.dpid;
      return onFile !== undefined;
    });
    if (judged.outcome !== 'right' && judged.lockedFor > 0) {
      throw new CallError('verifySessionLocked', { time: judged.lockedFor });
    }
    const onFile = found.dpid;
    if (onFile === undefined) {
      throw new CallError(found.wellFormed ? 'numberNotRecognised' : 'membershipNotRecognised');
    }

    return app.db.transaction(async (tx) => {
      const membership = await heldMembership(tx, onFile);
      const refusal = await unavailability(tx, membership);
      if (refusal) throw new CallError(refusal);
      const locked = await sessionLockFor(tx, { dpid: membership.dpid, clientKey }, now);
      if (locked > 0) throw new CallError('verifySessionLocked', { time: locked });
      return { uuid: await openRegistration(tx, { dpid: membership.dpid, clientKey }, now) };
    });
  });
}
