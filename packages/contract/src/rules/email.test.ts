import { describe, expect, it } from 'vitest';
import { emailSchema, isValidEmail } from './email';
import { messagesOf } from './test-helpers';

/** A valid address of the given length. */
function emailOfLength(length: number): string {
  const domain = '@example.com';
  return `${'a'.repeat(length - domain.length)}${domain}`;
}

describe('emailSchema', () => {
  it('accepts a valid address and trims it', () => {
    expect(emailSchema.parse('  ann.lee+lounge@example.co.uk ')).toBe(
      'ann.lee+lounge@example.co.uk',
    );
  });

  it('accepts 50 characters and rejects 51', () => {
    expect(emailSchema.parse(emailOfLength(50))).toHaveLength(50);
    expect(messagesOf(emailSchema, emailOfLength(51))).toEqual(['form-max-50']);
  });

  it('requires a value', () => {
    expect(messagesOf(emailSchema, '')).toEqual(['form-required']);
    expect(messagesOf(emailSchema, '  ')).toEqual(['form-required']);
  });

  it.each([
    'plainaddress',
    'ann@',
    '@example.com',
    'ann@example',
    'ann lee@example.com',
    'ann@@example.com',
    'ann..lee@example.com',
    '.ann@example.com',
    'ann@example.c',
    'ann@-example.com',
  ])('rejects %s', (email) => {
    expect(messagesOf(emailSchema, email)).toEqual(['sign-info-error-2']);
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('isValidEmail', () => {
  it('checks length and format', () => {
    expect(isValidEmail('ann@example.com')).toBe(true);
    expect(isValidEmail(emailOfLength(50))).toBe(true);
    expect(isValidEmail(emailOfLength(51))).toBe(false);
    expect(isValidEmail('')).toBe(false);
  });
});
