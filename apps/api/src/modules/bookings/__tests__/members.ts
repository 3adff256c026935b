import { unchecked } from '../../../../test/test-app';
import type { CallDef } from '@portal/contract';
import { calls } from '@portal/contract';
import type { TestApp } from '../../../../test/test-app';
import { encrypterFor, memberWithPassword, tokenOf } from '../../../../test/call-helpers';

const PASSWORD = 'Member-Pass-1';

/**
 * Registers a member and logs them in. `call` sends their token; `relogin` gets a fresh one
 * (after moving the clock past the 6-hour idle expiry).
 */
export async function loggedInMember(t: TestApp, email: string) {
  const encrypt = await encrypterFor(t);
  const user = await memberWithPassword(t, { email, password: PASSWORD });
  const login = async () =>
    tokenOf(await t.call(calls.genToken, { email, password: encrypt(PASSWORD) }));
  const member = {
    user,
    token: await login(),
    call: (call: CallDef, payload?: unknown) =>
      t.call(call, unchecked(payload), { authorization: `Bearer ${member.token}` }),
    relogin: async () => {
      member.token = await login();
    },
  };
  return member;
}

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
