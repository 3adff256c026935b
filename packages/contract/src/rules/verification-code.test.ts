import { describe, expect, it } from 'vitest';
import { isValidVerificationCode, verificationCodeSchema } from './verification-code';
import { messagesOf } from './test-helpers';

describe('verificationCodeSchema', () => {
  it('accepts six digits, spaces removed', () => {
    expect(verificationCodeSchema.parse('012345')).toBe('012345');
    expect(verificationCodeSchema.parse(' 123 456 ')).toBe('123456');
  });

  it('rejects 5 and 7 digits', () => {
    expect(messagesOf(verificationCodeSchema, '12345')).toEqual(['code-error-length']);
    expect(messagesOf(verificationCodeSchema, '1234567')).toEqual(['code-error-length']);
  });

  it('rejects letters and signs', () => {
    expect(messagesOf(verificationCodeSchema, '12345a')).toEqual(['code-error-length']);
    expect(messagesOf(verificationCodeSchema, '-12345')).toEqual(['code-error-length']);
  });

  it('requires a value', () => {
    expect(messagesOf(verificationCodeSchema, '')).toEqual(['form-required']);
  });
});

describe('isValidVerificationCode', () => {
  it('matches the schema', () => {
    expect(isValidVerificationCode('123456')).toBe(true);
    expect(isValidVerificationCode('12345')).toBe(false);
    expect(isValidVerificationCode('1234567')).toBe(false);
    expect(isValidVerificationCode('abcdef')).toBe(false);
    expect(isValidVerificationCode('')).toBe(false);
  });
});
