import { calls } from '@portal/contract';
import {
  memberWithPassword,
  openWithEncrypter,
  tokenOf,
  type Encrypt,
} from '../../../../test/call-helpers';
import type { TestApp } from '../../../../test/test-app';

export const PASSWORD = 'Ann-Pass-1';

/** What the delete-account tests do: log members in, delete, and try a number again. */
export function deleteAccountSteps(t: TestApp, encrypt: Encrypt) {
  let serial = 0;
  const login = (email: string, password = PASSWORD) =>
    t.call(calls.genToken, { email, password: encrypt(password) });
  return {
    login,
    deleteAccount: (token: string, password: string) =>
      t.call(calls.deleteAccount, { password: encrypt(password) }, { authorization: token }),
    verifyCard: (dpid: string, ip: string) =>
      t.call(calls.verifyCard, { dpid }, { 'x-forwarded-for': ip }),
    /** A new member with a password and mobile, logged in. */
    async loggedIn() {
      serial += 1;
      const n = String(serial).padStart(4, '0');
      const email = `Delete.${n}@Example.com`;
      const user = await memberWithPassword(t, {
        email,
        mobileNumber: `740065${n}`,
        password: PASSWORD,
      });
      return { user, email, token: tokenOf(await login(email)) };
    },
  };
}

export type DeleteAccountSteps = ReturnType<typeof deleteAccountSteps>;

/** The file's app (clock at 1 March 2026), its password encryption and the steps. */
export async function openDeleteAccountApp() {
  const { t, encrypt } = await openWithEncrypter({ now: '2026-03-01T12:00:00Z' });
  return { t, encrypt, steps: deleteAccountSteps(t, encrypt) };
}
