import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { codeCheckFailure } from '../../platform/verification';
import { registerCall } from '../../plugins/calls';
import { checkMemberCode, sendMemberCode } from '../../members/code-targets';
import { checkMemberships, openLogin } from './login-session';

/** Login by a one-time code sent to the member's email or mobile. */
export function registerCodeLogin(app: FastifyInstance): void {
  registerCall(app, calls.sendLoginCode, ({ payload }) =>
    app.db.transaction((tx) => sendMemberCode(tx, 'login', payload, app.clock.now())),
  );

  registerCall(app, calls.checkLoginCode, async ({ payload }) => {
    const now = app.clock.now();
    const outcome = await app.db.transaction((tx) => checkMemberCode(tx, 'login', payload, now));
    if (!outcome.ok) throw codeCheckFailure(outcome);
    const issuer = await checkMemberships(app.db, outcome.user, now);
    return openLogin(app.db, outcome.user, now, 'code', issuer);
  });
}
