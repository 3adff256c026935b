import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { registerCall } from '../../plugins/calls';
import { liveUser } from '../../members/member-row';

/** The first-login "Add a payment card" prompt has been seen: it is not shown again. */
export function registerClearPopup(app: FastifyInstance): void {
  registerCall(app, calls.clearPopup, async ({ member }) => {
    const cleared = await app.db
      .update(users)
      .set({ isFirstLogin: false })
      .where(liveUser(member.userId))
      .returning({ id: users.id });
    if (cleared.length === 0) throw new CallError('authFailure');
    return { cleared: true as const };
  });
}
