import { normaliseIssuer, parseMobile, type SendType } from '@portal/contract';
import { and, desc, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { users, type OutboxChannel } from '../db/schema';
import { CallError } from '../platform/call-error';
import { loungeMembershipOf } from '../platform/issuer-config';
import {
  checkCode,
  CODE_TTL_SECONDS,
  issueCode,
  type CodeCheckError,
  type MessageText,
} from '../platform/verification';
import { liveWithEmail, type User } from './member-row';

/** Where a one-time code goes, normalised: a lower-cased email address or an E.164 number. */
export interface CodeTarget {
  sendType: SendType;
  channel: OutboxChannel;
  /** The verification target: the address lower-cased, or the number in E.164. */
  target: string;
  /** What the answer shows of it, e.g. "a•••@example.com" or "+44•••••••456". */
  masked: string;
  /** For sms: the number's parts, to find the member who registered it. */
  mobile?: { dialCode: string; nationalNumber: string; country?: string | undefined };
}

const HIDDEN = '•';

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return HIDDEN.repeat(3);
  return `${Array.from(email.slice(0, at))[0] ?? ''}${HIDDEN.repeat(3)}${email.slice(at)}`;
}

/** "+447400123456" (dial code 44) gives "+44•••••••456". */
export function maskMobile(dialCode: string, nationalNumber: string): string {
  const shown = nationalNumber.slice(-3);
  return `+${dialCode}${HIDDEN.repeat(Math.max(0, nationalNumber.length - shown.length))}${shown}`;
}

/** The payload's target for its send type (the contract has already checked it). */
export function codeTargetOf(payload: {
  sendType: SendType;
  email?: string | undefined;
  mobileNoPrefix?: string | undefined;
  mobileNo?: string | undefined;
}): CodeTarget {
  if (payload.sendType === 'email') {
    const email = payload.email?.trim().toLowerCase();
    if (!email) throw new CallError('invalidRequest');
    return { sendType: 'email', channel: 'email', target: email, masked: maskEmail(email) };
  }
  const mobile = parseMobile(payload.mobileNoPrefix ?? '', payload.mobileNo ?? '');
  if (!mobile) throw new CallError('invalidRequest');
  return {
    sendType: 'sms',
    channel: 'sms',
    target: mobile.e164,
    masked: maskMobile(mobile.dialCode, mobile.nationalNumber),
    mobile: {
      dialCode: mobile.dialCode,
      nationalNumber: mobile.nationalNumber,
      country: mobile.country,
    },
  };
}

/**
 * The live member the target belongs to: by email whatever its case, or by mobile compared
 * as E.164 (members' numbers may be stored with spaces or the trunk prefix). Mobile numbers
 * are unique by the registration rules; should two members share one, the newest is taken.
 */
export async function memberOfTarget(tx: Tx, target: CodeTarget): Promise<User | undefined> {
  if (target.sendType === 'email') {
    const [user] = await tx.select().from(users).where(liveWithEmail(target.target)).limit(1);
    return user;
  }
  if (!target.mobile) return undefined;
  const digits = (column: SQLWrapper) => sql`regexp_replace(${column}, '\\D', '', 'g')`;
  const candidates = await tx
    .select()
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        sql`${digits(users.mobilePrefix)} = ${target.mobile.dialCode}`,
        sql`${digits(users.mobileNumber)} like ${`%${target.mobile.nationalNumber}`}`,
      ),
    )
    .orderBy(desc(users.createdAt));
  return candidates.find(
    (user) => parseMobile(user.mobilePrefix, user.mobileNumber)?.e164 === target.target,
  );
}

export type CodeReason = 'login' | 'forgot-password';

const PURPOSE_OF = { login: 'login-code', 'forgot-password': 'forgot-password' } as const;

type CodeTargetPayload = Parameters<typeof codeTargetOf>[0];

/**
 * Sends a member a one-time code for `reason`, answering alike whether or not an account has
 * the target: for one that none has, a code is recorded (so throttling and wrong-code counting
 * work alike) but nothing is sent and no code matches.
 */
export async function sendMemberCode(
  tx: Tx,
  reason: CodeReason,
  payload: CodeTargetPayload,
  now: Date,
): Promise<{ sent: true; sendType: SendType; to: string }> {
  const target = codeTargetOf(payload);
  const user = await memberOfTarget(tx, target);
  await issueCode(
    tx,
    {
      purpose: PURPOSE_OF[reason],
      target: target.target,
      channel: target.channel,
      userId: user?.id ?? null,
    },
    user ? codeMessage(reason, target, user) : null,
    now,
  );
  return { sent: true, sendType: target.sendType, to: target.masked };
}

export type MemberCodeCheck =
  | { ok: true; user: User; target: CodeTarget }
  | { ok: false; error: CodeCheckError; time?: number };

/**
 * Checks a member's one-time code for `reason`. The code must have been sent to the member who
 * still holds the address or number. A wrong code is counted even though the call fails: the
 * caller commits, then throws `codeCheckFailure(outcome)`.
 */
export async function checkMemberCode(
  tx: Tx,
  reason: CodeReason,
  payload: CodeTargetPayload & { verifiCode: string },
  now: Date,
): Promise<MemberCodeCheck> {
  const target = codeTargetOf(payload);
  const check = await checkCode(
    tx,
    { purpose: PURPOSE_OF[reason], target: target.target, code: payload.verifiCode },
    now,
  );
  if (!check.ok) return check;
  const user = await memberOfTarget(tx, target);
  if (!user || user.id !== check.verification.userId) {
    return { ok: false, error: 'codeNotRecognised' };
  }
  return { ok: true, user, target };
}

/** Why a code is sent to a new address or number a member wants on their account. */
export type ChangeReason = 'email-change' | 'mobile-change';

/** Why a code is sent: a member's reasons, a sign-up's, or a change of the member's details. */
export type MessageReason = CodeReason | 'registration' | ChangeReason;

/** Whom a code message greets, and whose bank it names. */
export interface Recipient {
  firstName: string;
  issuer: string;
}

const MESSAGE_OF: Record<MessageReason, { subject: string; purpose: string; ignore: string }> = {
  login: {
    subject: 'Your login code',
    purpose: 'log in to {membership} account',
    ignore: 'your password has not changed',
  },
  'forgot-password': {
    subject: 'Reset your password',
    purpose: 'reset the password of {membership} account',
    ignore: 'your password has not changed',
  },
  registration: {
    subject: 'Your registration code',
    purpose: 'register {membership}',
    ignore: 'no account is made without it',
  },
  'email-change': {
    subject: 'Confirm your new email address',
    purpose: 'confirm this email address for {membership} account',
    ignore: 'your account details have not changed',
  },
  'mobile-change': {
    subject: 'Confirm your new mobile number',
    purpose: 'confirm this mobile number for {membership} account',
    ignore: 'your account details have not changed',
  },
};

/** The text of a code message: what the code is for, and how long it works. */
export function codeMessage(
  reason: MessageReason,
  target: CodeTarget,
  recipient: Recipient,
): (code: string) => MessageText {
  const membership = loungeMembershipOf(normaliseIssuer(recipient.issuer) ?? 'default');
  const text = MESSAGE_OF[reason];
  const purpose = text.purpose.replace('{membership}', membership);
  const works = `It works once, for ${CODE_TTL_SECONDS / 60} minutes.`;
  return (code) => {
    if (target.sendType === 'sms') {
      return {
        body: `${code} is your code to ${purpose}. ${works} Never share it.`,
      };
    }
    return {
      subject: text.subject,
      body:
        `Hello ${recipient.firstName},\n\n` +
        `Your code to ${purpose} is:\n\n${code}\n\n` +
        `${works} Never share it with anyone. If you did not ask for it, ` +
        `you can ignore this email; ${text.ignore}.\n`,
    };
  };
}
