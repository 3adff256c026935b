import { describe, expect, it } from 'vitest';
import { meetsPasswordRules, passwordRules, passwordSchema, passwordStrength } from './password';
import { messagesOf } from './test-helpers';

/** A password meeting every rule but length, padded with lowercase letters to the length. */
function passwordOfLength(length: number): string {
  return `Aa1!${'a'.repeat(length - 4)}`;
}

const ALL = { length: true, lowercase: true, uppercase: true, digit: true, special: true };

describe('passwordRules', () => {
  it('all five hold for a good password', () => {
    expect(passwordRules('Lounge#2025')).toEqual(ALL);
  });

  it('length is 8 to 50', () => {
    expect(passwordRules(passwordOfLength(7)).length).toBe(false);
    expect(passwordRules(passwordOfLength(8)).length).toBe(true);
    expect(passwordRules(passwordOfLength(50)).length).toBe(true);
    expect(passwordRules(passwordOfLength(51)).length).toBe(false);
  });

  it.each([
    ['lowercase', 'LOUNGE#2025'],
    ['uppercase', 'lounge#2025'],
    ['digit', 'Lounge#Pass'],
    ['special', 'Lounge2025x'],
  ] as const)('reports a missing %s', (rule, password) => {
    expect(passwordRules(password)).toEqual({ ...ALL, [rule]: false });
  });

  it('counts no whitespace, neither for length nor as special', () => {
    expect(passwordRules('Aa1 bcde')).toEqual({ ...ALL, length: false, special: false });
    expect(passwordRules(' Aa1!bcd ').length).toBe(false);
  });

  it('reports nothing for an empty password', () => {
    expect(passwordRules('')).toEqual({
      length: false,
      lowercase: false,
      uppercase: false,
      digit: false,
      special: false,
    });
  });
});

describe('passwordStrength', () => {
  it('is Strong only when all five rules match', () => {
    expect(passwordStrength('Lounge#2025')).toBe('Strong');
    expect(passwordStrength('Lounge2025x')).toBe('Weak');
    expect(passwordStrength(passwordOfLength(7))).toBe('Weak');
    expect(passwordStrength(passwordOfLength(51))).toBe('Weak');
    expect(passwordStrength('')).toBe('Weak');
  });
});

describe('passwordSchema', () => {
  it('accepts 8 and 50 characters', () => {
    expect(passwordSchema.parse(passwordOfLength(8))).toBe(passwordOfLength(8));
    expect(passwordSchema.parse(passwordOfLength(50))).toBe(passwordOfLength(50));
  });

  it('rejects 7 characters as not meeting the rules, 51 as too long', () => {
    expect(messagesOf(passwordSchema, passwordOfLength(7))).toEqual(['password-error-rules']);
    expect(messagesOf(passwordSchema, passwordOfLength(51))).toEqual(['form-max-50']);
  });

  it('removes whitespace, and outputs the password without it', () => {
    expect(passwordSchema.parse(' Lounge # 2025 ')).toBe('Lounge#2025');
    expect(messagesOf(passwordSchema, 'Aa1! bc d')).toEqual(['password-error-rules']);
  });

  it('rejects a password missing a rule', () => {
    expect(messagesOf(passwordSchema, 'lounge#2025')).toEqual(['password-error-rules']);
    expect(meetsPasswordRules('lounge#2025')).toBe(false);
  });

  it('requires a value', () => {
    expect(messagesOf(passwordSchema, '')).toEqual(['form-required']);
    expect(messagesOf(passwordSchema, '    ')).toEqual(['form-required']);
  });
});
