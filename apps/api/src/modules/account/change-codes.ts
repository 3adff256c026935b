import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { checkCode, codeCheckFailure, type CodeCheck } from '../../platform/verification';
import type { Member } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { codeTargetOf, type CodeTarget } from '../login/code-targets';
import { liveUser } from '../user/email-validation';
import { changeReasonOf, sendChangeCode } from './verified-change';

/**
 * Confirming a new email or mobile before it is saved: a code is sent to it, and checking the
 * code lets my-details/save take it for 30 minutes.
 */
export function registerChangeCodes(app: FastifyInstance): void {
  const send = (member: Member, target: CodeTarget) => {
    const now = app.clock.now();
    return app.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(liveUser(member.userId));
      if (!user) throw new CallError('authFailure');
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
    // A wrong code is counted even though the call fails: commit, then throw.
    const outcome = await app.db.transaction(async (tx): Promise<CodeCheck> => {
      const check = await checkCode(
        tx,
        {
          purpose: changeReasonOf(target.sendType),
          target: target.target,
          code: payload.verifiCode,
        },
        now,
      );
      if (check.ok && check.verification.userId !== member.userId) {
        return { ok: false, error: 'codeNotRecognised' };
      }
      return check;
    });
    if (!outcome.ok) throw codeCheckFailure(outcome);
    return { verified: true as const, sendType: target.sendType };
  });
}
