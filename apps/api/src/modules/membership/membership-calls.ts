import { calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { lockedMember, memberOrAuthFailure } from '../../members/member-row';
import {
  membershipInUse,
  membershipsOf,
  ownMembershipForUpdate,
} from '../../members/membership-in-use';
import { CallError } from '../../platform/call-error';
import { registerCall } from '../../plugins/calls';
import { membershipCertificatePdf } from './certificate';
import { memberMemberships, viewOf } from './membership-view';

/** A member who holds no membership (all of theirs were taken back) cannot use the area. */
export const noMembership = () => new CallError('notFound');

/** The member's memberships, the one in use, switching it, and whom it is shared with. */
export function registerMembershipCalls(app: FastifyInstance): void {
  registerCall(app, calls.membershipList, ({ member }) => memberMemberships(app.db, member.userId));

  registerCall(app, calls.membershipStatus, async ({ member }) => {
    const user = await memberOrAuthFailure(app.db, member.userId);
    const inUse = await membershipInUse(app.db, user.id);
    if (!inUse) throw noMembership();
    return {
      emailVerified: user.emailVerifiedAt !== null,
      membership: await viewOf(app.db, inUse, true),
    };
  });

  registerCall(app, calls.switchMembership, async ({ payload, member }) => {
    await app.db.transaction(async (tx) => {
      await lockedMember(tx, member.userId, 'no key update');
      const chosen = await ownMembershipForUpdate(tx, member.userId, payload.dpid);
      if (!chosen) throw new CallError('notFound');
      await tx
        .update(users)
        .set({ membershipInUse: chosen.dpid })
        .where(eq(users.id, member.userId));
    });
    return memberMemberships(app.db, member.userId);
  });

  registerCall(app, calls.membershipCertificate, async ({ payload, member, sendFile }) => {
    const user = await memberOrAuthFailure(app.db, member.userId);
    const membership = payload.dpid
      ? (await membershipsOf(app.db, user.id)).find((m) => m.dpid === payload.dpid)
      : await membershipInUse(app.db, user.id);
    if (!membership) throw new CallError('notFound');
    const holder = membership.holderName ?? `${user.firstName} ${user.lastName}`;
    const pdf = await membershipCertificatePdf(membership, holder, app.clock.now());
    return sendFile(pdf, `membership-${membership.dpid}.pdf`);
  });

  registerCall(app, calls.jointAccountInUse, async ({ member }) => {
    const inUse = await membershipInUse(app.db, member.userId);
    if (!inUse) return { joint: false, sharedWith: [] };
    const { sharedWith } = await viewOf(app.db, inUse, true);
    return { joint: sharedWith.length > 0, sharedWith };
  });
}
