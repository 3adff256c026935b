import { normaliseIssuer, parseMobile, PHONE_LINE_HOURS } from '@portal/contract';
import type { Tx } from '../../db/client';
import { enqueueMessage } from '../../platform/outbox';
import { loungeMembershipOf } from '../../platform/issuer-config';
import { revokeUserSessions } from '../../platform/sessions';
import { retireOutstandingOf } from '../../platform/verification';
import type { User } from '../../members/member-row';
import { SUPPORT_PHONE_NUMBER } from './contact';

/** The days a notice names are the UK's (every issuer is a UK bank). */
const noticeDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** What was changed: the names of the details a notice is about. */
export type ChangedDetail = 'email' | 'mobile';

/** The notice sent to the old address or number: what changed and when, never to what. */
export function changeNoticeText(
  detail: ChangedDetail,
  user: Pick<User, 'issuer' | 'firstName'>,
  now: Date,
): { subject: string; body: string; sms: string } {
  const membership = loungeMembershipOf(normaliseIssuer(user.issuer) ?? 'default');
  const what = detail === 'email' ? 'email address' : 'mobile number';
  const notice =
    `The ${what} of ${membership} account was changed on ${noticeDate.format(now)}. ` +
    'If this was not you, contact us.';
  const phone = `Call us on ${SUPPORT_PHONE_NUMBER} (${PHONE_LINE_HOURS}).`;
  return {
    subject: `Your ${what} was changed`,
    body: `Hello ${user.firstName.replace(/\s+/g, ' ').trim()},\n\n${notice}\n\n${phone}\n`,
    sms: `${notice} ${phone}`,
  };
}

/** Codes and links that let their holder into the account, or its password. */
const ACCESS_PURPOSES = ['login-code', 'forgot-password', 'password-reset'] as const;

/**
 * What a changed email or mobile needs, in the save's transaction: a notice to the old email
 * or number, the member's other sessions ended (the caller's own stays), and every unused
 * login code, forgotten-password code and reset token of the member or sent to the old
 * address or number retired, so what was sent there no longer gets in.
 */
export async function secureDetailsChange(
  tx: Tx,
  change: {
    before: User;
    email: boolean;
    mobile: boolean;
    /** The caller's session: it stays. */
    tokenHash: string;
  },
  now: Date,
): Promise<void> {
  const { before } = change;
  if (!change.email && !change.mobile) return;
  const oldMobile = parseMobile(before.mobilePrefix, before.mobileNumber)?.e164;
  if (change.email) {
    const text = changeNoticeText('email', before, now);
    await enqueueMessage(
      tx,
      { channel: 'email', to: before.email, subject: text.subject, body: text.body },
      now,
    );
  }
  if (change.mobile && oldMobile) {
    await enqueueMessage(
      tx,
      { channel: 'sms', to: oldMobile, body: changeNoticeText('mobile', before, now).sms },
      now,
    );
  }
  await revokeUserSessions(tx, before.id, now, { except: change.tokenHash });
  await retireOutstandingOf(
    tx,
    {
      purposes: ACCESS_PURPOSES,
      userId: before.id,
      targets: [before.email.trim().toLowerCase(), ...(oldMobile ? [oldMobile] : [])],
    },
    now,
  );
}
