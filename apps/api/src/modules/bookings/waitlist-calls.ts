import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { CallError } from '../../platform/call-error';
import { isUuid } from '../../platform/ids';
import { leaveWaitlist, waitlistEntriesOf } from '../../platform/slots';
import { registerCall } from '../../plugins/calls';

/** My Bookings' waiting lists: the member's live entries, and leaving one. */
export function registerWaitlistCalls(app: FastifyInstance): void {
  registerCall(app, calls.listWaitlist, async ({ member }) => ({
    entries: await waitlistEntriesOf(app.db, member.userId, app.clock.now()),
  }));

  registerCall(app, calls.leaveWaitlist, async ({ payload, member }) => {
    // Not a uuid: nobody's entry (the database would refuse it as one).
    if (!isUuid(payload.id)) throw new CallError('notFound');
    if (!(await leaveWaitlist(app.db, member.userId, payload.id, app.clock.now())))
      throw new CallError('notFound');
    return { left: true as const };
  });
}
