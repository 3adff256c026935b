import { calls } from '@portal/contract';
import { expect } from 'vitest';
import { encrypterFor, sentCode } from '../../../../test/call-helpers';
import {
  createTestApp,
  type CallResponse,
  type TestApp,
  type TestAppOptions,
} from '../../../../test/test-app';

export interface Details {
  firstName: string;
  lastName: string;
  email: string;
  mobileNoPrefix: string;
  mobileNo: string;
  mobileAreaCode?: string;
}

let serial = 0;

/** Step 2 details no other member in the test's database has: a fresh email and mobile. */
export function freshDetails(values: Partial<Details> = {}): Details {
  serial += 1;
  const n = String(serial).padStart(5, '0');
  return {
    firstName: 'Ann',
    lastName: 'Lee',
    email: `ann.${n}@example.com`,
    mobileNoPrefix: '44',
    mobileNo: `74005${n}`,
    mobileAreaCode: 'GB',
    ...values,
  };
}

/** The E.164 form of a details' mobile (where an SMS code goes). */
export const e164Of = (details: Details) => `+${details.mobileNoPrefix}${details.mobileNo}`;

/** A different client, as the server tells clients apart (the request's address). */
export const fromClient = (ip: string) => ({ 'x-forwarded-for': ip });

function resultOf<R>(response: CallResponse): R {
  expect(response.body).toMatchObject({ state: '1', errorCode: null });
  return response.body.result as R;
}

/** The sign-up calls, one per step, and the steps taken together. */
export function signUpSteps(t: TestApp, encrypt: (password: string) => string) {
  const steps = {
    verify: (dpid: string, headers?: Record<string, string>) =>
      t.call(calls.verifyCard, { dpid }, headers),
    checkDetails: (uuid: string, details: Details) =>
      t.call(calls.checkUserInfo, { uuid, ...details }),
    sendCode: (uuid: string, sendType: 'email' | 'sms' = 'email', extra = {}) =>
      t.call(calls.sendRegistrationCode, { uuid, sendType, ...extra }),
    checkCode: (uuid: string, verifiCode: string) =>
      t.call(calls.checkRegistrationCode, { uuid, verifiCode }),
    create: (uuid: string, password: string, headers?: Record<string, string>) =>
      t.call(calls.createAndActive, { uuid, password: encrypt(password) }, headers),

    /** Step 1: a session for the number. */
    async open(dpid: string, headers?: Record<string, string>): Promise<string> {
      return resultOf<{ uuid: string }>(await steps.verify(dpid, headers)).uuid;
    },
    /** Steps 1 and 2 and an email code sent. */
    async codeSent(dpid: string, details: Details): Promise<string> {
      const uuid = await steps.open(dpid);
      resultOf(await steps.checkDetails(uuid, details));
      resultOf(await steps.sendCode(uuid, 'email'));
      return uuid;
    },
    /** Steps 1 and 2 with the code checked (emailed unless told): a session waiting for its password. */
    async verified(dpid: string, details: Details, by: 'email' | 'sms' = 'email'): Promise<string> {
      if (by === 'sms') {
        const uuid = await steps.open(dpid);
        resultOf(await steps.checkDetails(uuid, details));
        resultOf(await steps.sendCode(uuid, 'sms'));
        resultOf(await steps.checkCode(uuid, await sentCode(t, e164Of(details))));
        return uuid;
      }
      const uuid = await steps.codeSent(dpid, details);
      const code = await sentCode(t, details.email.toLowerCase());
      resultOf(await steps.checkCode(uuid, code));
      return uuid;
    },
    /** The whole sign-up; answers what create-and-active answered. */
    async register(dpid: string, details: Details, password = 'Sign-Up-Pass-1') {
      const uuid = await steps.verified(dpid, details);
      return resultOf<{ token: string; membership: Record<string, string> }>(
        await steps.create(uuid, password),
      );
    },
  };
  return steps;
}

export type SignUpSteps = ReturnType<typeof signUpSteps>;

/** A test app with the browser's password encryption and the sign-up steps. */
/** The tests name their client in X-Forwarded-For, as a proxy on this machine would. */
export async function createSignUpApp(options: TestAppOptions = {}) {
  const t = await createTestApp({ ...options, env: { TRUST_PROXY: 'loopback', ...options.env } });
  const encrypt = await encrypterFor(t);
  return { t, encrypt, steps: signUpSteps(t, encrypt) };
}
