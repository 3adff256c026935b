import { describe, expect, it } from 'vitest';
import {
  formatMembershipNumber,
  isValidMembershipNumber,
  membershipNumberDigits,
  membershipNumberSchema,
} from './membership-number';
import { messagesOf } from './test-helpers';

const SIXTEEN = '1234567890123456';

describe('formatMembershipNumber', () => {
  it('groups digits in fours', () => {
    expect(formatMembershipNumber('12345')).toBe('1234 5');
    expect(formatMembershipNumber('12345678')).toBe('1234 5678');
    expect(formatMembershipNumber(SIXTEEN)).toBe('1234 5678 9012 3456');
  });

  it('caps at 16 digits, 19 characters', () => {
    const formatted = formatMembershipNumber(`${SIXTEEN}789`);
    expect(formatted).toBe('1234 5678 9012 3456');
    expect(formatted).toHaveLength(19);
  });

  it('drops anything that is not a digit, and regroups typed spaces', () => {
    expect(formatMembershipNumber('12a3 4-56')).toBe('1234 56');
    expect(formatMembershipNumber('1 2 3 4 5')).toBe('1234 5');
    expect(formatMembershipNumber('')).toBe('');
  });
});

describe('membershipNumberDigits', () => {
  it('keeps at most 16 digits', () => {
    expect(membershipNumberDigits('1234 5678 9012 3456')).toBe(SIXTEEN);
    expect(membershipNumberDigits(`${SIXTEEN}7`)).toBe(SIXTEEN);
  });
});

describe('membershipNumberSchema', () => {
  it('accepts 16 digits with or without spaces and outputs the digits', () => {
    expect(membershipNumberSchema.parse(SIXTEEN)).toBe(SIXTEEN);
    expect(membershipNumberSchema.parse('1234 5678 9012 3456')).toBe(SIXTEEN);
    expect(membershipNumberSchema.parse(' 1234 5678 9012 3456 ')).toBe(SIXTEEN);
  });

  it('asks for 16 digits on 15 or 17', () => {
    expect(messagesOf(membershipNumberSchema, SIXTEEN.slice(0, 15))).toEqual(['sign-num-error-1']);
    expect(messagesOf(membershipNumberSchema, `${SIXTEEN}7`)).toEqual(['sign-num-error-1']);
    expect(messagesOf(membershipNumberSchema, '1234 5678 9012 345')).toEqual(['sign-num-error-1']);
  });

  it('requires a value', () => {
    expect(messagesOf(membershipNumberSchema, '')).toEqual(['form-required']);
    expect(messagesOf(membershipNumberSchema, '   ')).toEqual(['form-required']);
    expect(messagesOf(membershipNumberSchema, undefined)).toEqual(['form-required']);
  });

  it('rejects letters and other characters', () => {
    expect(messagesOf(membershipNumberSchema, '1234 5678 9012 345a')).toEqual(['form-digits-only']);
    expect(messagesOf(membershipNumberSchema, '1234-5678-9012-3456')).toEqual(['form-digits-only']);
  });
});

describe('isValidMembershipNumber', () => {
  it('matches the schema', () => {
    expect(isValidMembershipNumber('1234 5678 9012 3456')).toBe(true);
    expect(isValidMembershipNumber(SIXTEEN.slice(0, 15))).toBe(false);
    expect(isValidMembershipNumber(`${SIXTEEN}7`)).toBe(false);
    expect(isValidMembershipNumber('123456789012345a')).toBe(false);
    expect(isValidMembershipNumber('')).toBe(false);
  });
});
