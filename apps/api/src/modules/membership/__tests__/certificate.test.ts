import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../test/pdf-text';
import type { MembershipRow } from '../../../members/membership-in-use';
import { membershipCertificatePdf } from '../certificate';

const membership = (issuer: string, cardType: string): MembershipRow =>
  ({
    dpid: '9000000000000000',
    issuer,
    cardType,
    status: 'active',
    registeredAt: new Date('2025-01-01T00:00:00Z'),
    expiresOn: '2029-12-31',
    passesPerYear: 4,
    passesBought: 0,
    passesUsed: 1,
  }) as MembershipRow;

const textOf = async (issuer: string, cardType: string) =>
  pdfText(
    await membershipCertificatePdf(membership(issuer, cardType), 'Ann Lee', new Date('2026-12-07')),
  )
    .join(' ')
    .replace(/\s+/g, ' ');

describe('the membership certificate (issue 60)', () => {
  it('names no bank in the default brand: never "the your bank"', async () => {
    const text = await textOf('default', 'standard');
    expect(text).not.toContain('your bank');
    expect(text).toMatch(/This certifies that Ann Lee holds the \S/);
  });

  it('names the bank once, without a second article', async () => {
    const text = await textOf('coop', 'everyday');
    expect(text).not.toContain('the The');
    expect(text).toContain('holds the Co-operative Bank ');
  });
});
