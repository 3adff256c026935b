import {
  toE164,
  type MyDetails,
  type ParsedPayloadOf,
  type PayloadOf,
  type checkAccountCode,
  type saveMyDetails,
} from '@portal/contract';

/** What my-details/save takes: names, email and mobile with its country. */
export type DetailsPayload = ParsedPayloadOf<typeof saveMyDetails>;

/** A new email address or mobile number, which a code must confirm before it is saved. */
export type ChangeTarget =
  | { sendType: 'email'; email: string }
  | {
      sendType: 'sms';
      mobileNoPrefix: string;
      mobileNo: string;
      mobileAreaCode?: string | undefined;
    };

// Compared as the server compares them: the address without case, the number as E.164.
const emailKey = (email: string) => email.trim().toLowerCase();
const mobileKey = (prefix: string, number: string) =>
  toE164(prefix, number) ?? `+${prefix} ${number.trim()}`;

/** What changed that needs a code first: the email, then the mobile. */
export function changedTargets(current: MyDetails, next: DetailsPayload): ChangeTarget[] {
  const targets: ChangeTarget[] = [];
  if (emailKey(next.email) !== emailKey(current.email)) {
    targets.push({ sendType: 'email', email: next.email });
  }
  if (
    mobileKey(next.mobileNoPrefix, next.mobileNo) !==
    mobileKey(current.mobileNoPrefix, current.mobileNo)
  ) {
    targets.push({
      sendType: 'sms',
      mobileNoPrefix: next.mobileNoPrefix,
      mobileNo: next.mobileNo,
      mobileAreaCode: next.mobileAreaCode,
    });
  }
  return targets;
}

/** One key per email address or mobile number, whatever its spelling. */
export const targetKey = (target: ChangeTarget): string =>
  target.sendType === 'email'
    ? `email:${emailKey(target.email)}`
    : `sms:${mobileKey(target.mobileNoPrefix, target.mobileNo)}`;

/** check-verification-code's payload: the target and the 6 digits. */
export const codeCheckOf = (
  target: ChangeTarget,
  verifiCode: string,
): PayloadOf<typeof checkAccountCode> =>
  target.sendType === 'email'
    ? { sendType: 'email', email: target.email, verifiCode }
    : {
        sendType: 'sms',
        mobileNoPrefix: target.mobileNoPrefix,
        mobileNo: target.mobileNo,
        verifiCode,
      };
