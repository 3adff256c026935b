import { normaliseIssuer } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { codeMessage, type CodeTarget, type MessageReason } from '../../../members/code-targets';
import { takenNotice } from '../account-email';
import { emailText } from '../email-validation';
import { issuerHomeConfig } from '../../../platform/issuer-home-config';
import { loungeMembershipOf } from '../../../platform/issuer-config';

// Issue 60: the default brand's bank is "your bank", so `your ${bankName}` said "your your bank".

const REASONS: MessageReason[] = [
  'login',
  'forgot-password',
  'registration',
  'email-change',
  'mobile-change',
];
const EMAIL: CodeTarget = {
  sendType: 'email',
  channel: 'email',
  target: 'anne@example.com',
  masked: 'a•••@example.com',
};
const SMS: CodeTarget = {
  sendType: 'sms',
  channel: 'sms',
  target: '+447700900456',
  masked: '+44•••••••456',
};

/** Every code, link and notice text of the member's (change notices: account/) that names the member's lounge membership, for one issuer. */
function textsOf(issuer: string): string[] {
  const recipient = { firstName: 'Anne', issuer };
  const codes = REASONS.flatMap((reason) =>
    [EMAIL, SMS].map((target) => codeMessage(reason, target, recipient)('123456').body),
  );
  const membership = loungeMembershipOf(normaliseIssuer(issuer) ?? 'default');
  return [
    ...codes,
    emailText('https://example.com/regist/result/x', membership, 'Anne').body,
    takenNotice({ issuer }).body,
  ];
}

describe('loungeMembershipOf', () => {
  it('names the bank, without a leading "The", and none for the default brand', () => {
    expect(loungeMembershipOf('natwest')).toBe('your NatWest lounge membership');
    expect(loungeMembershipOf('coop')).toBe('your Co-operative Bank lounge membership');
    expect(loungeMembershipOf('default')).toBe('your lounge membership');
    expect(loungeMembershipOf('barclays', 'another')).toBe('another Barclays lounge membership');
    expect(loungeMembershipOf('default', 'another')).toBe('another lounge membership');
  });
});

describe("the issuer's name in emails and SMS", () => {
  it('never says "your your" (or "a your bank") in the default brand', () => {
    const texts = textsOf('default');
    for (const text of texts) {
      expect(text).not.toMatch(/your your|a your bank|your bank lounge/i);
      expect(text).toMatch(/(your|another) lounge membership/);
    }
    expect(issuerHomeConfig('default', 'help@example.com').banner.text).toMatch(
      /^With your lounge membership /,
    );
  });

  it('still names the bank for a branded issuer', () => {
    for (const text of textsOf('natwest')) {
      expect(text).toMatch(/(your|another) NatWest lounge membership/);
      expect(text).not.toMatch(/your your/i);
    }
  });

  it('reads as a sentence in the default brand', () => {
    const recipient = { firstName: 'Anne', issuer: 'default' };
    expect(codeMessage('login', SMS, recipient)('123456').body).toMatch(
      /^123456 is your code to log in to your lounge membership account\./,
    );
    expect(codeMessage('registration', EMAIL, recipient)('123456').body).toContain(
      'Your code to register your lounge membership is:',
    );
    expect(takenNotice({ issuer: 'default' }).body).toContain(
      'for another lounge membership account.',
    );
  });
});
