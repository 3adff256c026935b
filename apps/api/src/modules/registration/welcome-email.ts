import type { Issuer } from '@portal/contract';
import type { Env } from '../../config/env';
import type { MembershipRow } from '../../members/membership-in-use';
import { maskMembershipNumber } from '../../members/membership-number';
import { loungeMembershipOf } from '../../platform/issuer-config';
import type { OutgoingMessage } from '../../platform/outbox';
import { issuerOrigin, portalPageUrl } from '../../platform/portal-url';

/**
 * The welcome after registering: the account is ready, which membership is on it, and where to
 * log in and book (the issuer's own address). Queued in the transaction that makes the account.
 */
export function welcomeEmail(
  env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'ISSUER_URLS'>,
  user: { email: string; firstName: string },
  membership: Pick<MembershipRow, 'dpid' | 'issuer' | 'passesPerYear'>,
): OutgoingMessage {
  const issuer = membership.issuer as Issuer;
  const login = portalPageUrl(env, '/login', {}, issuerOrigin(env, issuer));
  return {
    channel: 'email',
    to: user.email,
    subject: `Welcome to ${loungeMembershipOf(issuer)}`,
    body: [
      `Hello ${user.firstName},`,
      '',
      `Your account is ready, with membership ${maskMembershipNumber(membership.dpid)}.`,
      `It brings ${membership.passesPerYear} lounge ${membership.passesPerYear === 1 ? 'pass' : 'passes'} a year; you can buy more, and pre-book lounges and fast track, in your account.`,
      '',
      `Log in at ${login}`,
    ].join('\n'),
  };
}
