import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { CallError } from '../../platform/call-error';
import { checkCode, codeCheckFailure, type CodeCheck } from '../../platform/verification';
import type { Member } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { codeTargetOf, type CodeTarget } from '../../members/code-targets';
import { lockedMember } from '../../members/member-row';
import { changeReasonOf, countChangeRequest, sendChangeCode } from './verified-change';

/**
 * Confirming a new email or mobile before it is saved: a code is sent to it, and checking the
 * code lets my-details/save take it for 30 minutes.
 */
export function registerChangeCodes(app: FastifyInstance): void {
  const send = async (member: Member, target: CodeTarget) => {
    const now = app.clock.now();
    // Counted and committed on its own, before the holder is looked up: a request refused with
    // 30034 / 30033 counts too, so the answers cannot be used to test address after address.
    const count = await app.db.transaction(async (tx) => {
      const user = await lockedMember(tx, member.userId);
      return countChangeRequest(tx, user.id, now);
    });
    if (count.busyFor > 0) throw new CallError('codeBusy', { time: count.busyFor });
    return app.db.transaction(async (tx) => {
      const user = await lockedMember(tx, member.userId);
      return sendChangeCode(tx, user, target, now);
    });
  };

  registerCall(app, calls.verifyNewEmail, ({ member, payload }) =>
    send(member, codeTargetOf({ sendType: 'email', email: payload.email })),
  );

  registerCall(app, calls.verifyNewMobile, ({ member, payload }) =>
    send(member, codeTargetOf({ ...payload, sendType: 'sms' })),
  );

  registerCall(app, calls.checkAccountCode, async ({ member, payload }) => {
    const now = app.clock.now();
    const target = codeTargetOf(payload);
    // A wrong code is counted even though the call fails: commit, then throw. Only the member's
    // own codes are checked: another member's code for the target is not found, nor used up.
    const outcome = await app.db.transaction(async (tx): Promise<CodeCheck> => {
      const user = await lockedMember(tx, member.userId);
      return checkCode(
        tx,
        {
          purpose: changeReasonOf(target.sendType),
          target: target.target,
          userId: user.id,
          code: payload.verifiCode,
        },
        now,
      );
    });
    if (!outcome.ok) throw codeCheckFailure(outcome);
    return { verified: true as const, sendType: target.sendType };
  });
}
