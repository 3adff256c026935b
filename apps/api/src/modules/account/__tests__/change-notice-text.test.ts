import { describe, expect, it } from 'vitest';
import { changeNoticeText } from '../change-notice';

// Issue 60: the default brand's bank is "your bank", so `your ${bankName}` said "your your bank".

const NOW = new Date('2025-03-01T12:00:00Z');

describe('the notice of a changed email or mobile', () => {
  it('names no bank in the default brand: never "your your bank"', () => {
    for (const detail of ['email', 'mobile'] as const) {
      const text = changeNoticeText(detail, { firstName: 'Anne', issuer: 'default' }, NOW);
      for (const said of [text.body, text.sms]) {
        expect(said).not.toMatch(/your your|your bank lounge/i);
        expect(said).toContain('of your lounge membership account was changed on 1 March 2025.');
      }
    }
  });

  it("still names a branded issuer's bank", () => {
    const text = changeNoticeText('mobile', { firstName: 'Anne', issuer: 'natwest' }, NOW);
    expect(text.sms).toMatch(
      /^The mobile number of your NatWest lounge membership account was changed on 1 March 2025\./,
    );
  });
});
