import { calls, type BookingMembership } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import {
  membershipsWithInUse,
  passesLeft,
  type MembershipRow,
} from '../../members/membership-in-use';
import { stateOf } from '../../members/membership-passes';
import { CallError } from '../../platform/call-error';
import { guestAllowanceOf } from '../../platform/issuer-config';
import { registerCall } from '../../plugins/calls';

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
    ...guestAllowanceOf(row),
  };
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
