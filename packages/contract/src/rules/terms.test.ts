import { describe, expect, it } from 'vitest';
import { termsAgreementSchema } from './terms';
import { messagesOf } from './test-helpers';

describe('termsAgreementSchema', () => {
  it('accepts only true', () => {
    expect(termsAgreementSchema.parse(true)).toBe(true);
    expect(messagesOf(termsAgreementSchema, false)).toEqual(['terms-error-required']);
    expect(messagesOf(termsAgreementSchema, undefined)).toEqual(['terms-error-required']);
    expect(messagesOf(termsAgreementSchema, 'true')).toEqual(['terms-error-required']);
  });
});
