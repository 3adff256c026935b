import { calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { memberWithSession, sentCode } from '../../../../test/call-helpers';
import type { NewUser } from '../../../../test/fixtures';
import { unchecked, type TestApp } from '../../../../test/test-app';
import { users } from '../../../db/schema';

export const MINUTE = 60_000;
export type Headers = Record<string, string>;

/** The save payload of a member's current details, with changes. */
export function saving(user: typeof users.$inferSelect, changes: Record<string, string> = {}) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    mobileNoPrefix: user.mobilePrefix,
    mobileNo: user.mobileNumber,
    mobileAreaCode: user.mobileAreaCode,
    ...changes,
  };
}

/**
 * The profile calls as the account pages make them, for the test app `app()` answers (read at
 * each call, so a file can build its steps before its app exists).
 */
export function profileSteps(app: () => TestApp) {
  let serial = 0;
  /** A fresh email and UK mobile no other member in this file has. */
  const fresh = () => {
    serial += 1;
    const n = String(serial).padStart(4, '0');
    return { email: `member.${n}@example.com`, mobileNumber: `740061${n}` };
  };
  const steps = {
    fresh,
    member: (values: Partial<NewUser> = {}) => memberWithSession(app(), { ...fresh(), ...values }),
    details: (headers: Headers) => app().call(calls.myDetails, {}, headers),
    verifyEmail: (headers: Headers, email: string) =>
      app().call(calls.verifyNewEmail, { email }, headers),
    verifyMobile: (headers: Headers, mobileNo: string, mobileNoPrefix = '+44') =>
      app().call(
        calls.verifyNewMobile,
        { mobileNoPrefix, mobileNo, mobileAreaCode: 'GB' },
        headers,
      ),
    checkEmail: (headers: Headers, email: string, verifiCode: string) =>
      app().call(calls.checkAccountCode, { sendType: 'email', email, verifiCode }, headers),
    checkMobile: (headers: Headers, mobileNo: string, verifiCode: string) =>
      app().call(
        calls.checkAccountCode,
        { sendType: 'sms', mobileNoPrefix: '44', mobileNo, verifiCode },
        headers,
      ),
    save: (headers: Headers, payload: Record<string, string>) =>
      app().call(calls.saveMyDetails, unchecked(payload), headers),
    async userRow(id: string) {
      const [row] = await app().app.db.select().from(users).where(eq(users.id, id));
      if (!row) throw new Error('no such user');
      return row;
    },
    /** Sends a code to a new email and checks it, as the profile page does. */
    async confirmEmail(headers: Headers, email: string) {
      expect((await steps.verifyEmail(headers, email)).body.state).toBe('1');
      const code = await sentCode(app(), email.toLowerCase());
      expect((await steps.checkEmail(headers, email, code)).body.state).toBe('1');
    },
  };
  return steps;
}
