import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  confirmPasswordSchema,
  differsFromOld,
  passwordsMatch,
} from './password-confirm';
import { issuesOf } from './test-helpers';

describe('confirmPasswordSchema', () => {
  it('accepts the same password twice', () => {
    expect(
      confirmPasswordSchema.parse({ password: 'Lounge#2025', confirmPassword: 'Lounge #2025' }),
    ).toEqual({ password: 'Lounge#2025', confirmPassword: 'Lounge#2025' });
  });

  it('says Password do not match on the confirmation', () => {
    expect(
      issuesOf(confirmPasswordSchema, { password: 'Lounge#2025', confirmPassword: 'Lounge#2026' }),
    ).toEqual(['confirmPassword: password-error-match']);
  });

  it('still reports a mismatch while the password is weak', () => {
    expect(issuesOf(confirmPasswordSchema, { password: 'weak', confirmPassword: 'weak2' })).toEqual(
      ['password: password-error-rules', 'confirmPassword: password-error-match'],
    );
  });

  it('requires the confirmation, without a mismatch message', () => {
    expect(
      issuesOf(confirmPasswordSchema, { password: 'Lounge#2025', confirmPassword: '' }),
    ).toEqual(['confirmPassword: form-required']);
  });
});

describe('changePasswordSchema', () => {
  it('accepts a new password that differs from the old', () => {
    expect(
      issuesOf(changePasswordSchema, {
        oldPassword: 'Old#Pass1',
        password: 'Lounge#2025',
        confirmPassword: 'Lounge#2025',
      }),
    ).toEqual([]);
  });

  it("says the new password can't be the old one", () => {
    expect(
      issuesOf(changePasswordSchema, {
        oldPassword: 'Lounge#2025',
        password: 'Lounge #2025',
        confirmPassword: 'Lounge#2025',
      }),
    ).toEqual(['password: password-error-same']);
  });

  it('requires the old password', () => {
    expect(
      issuesOf(changePasswordSchema, {
        oldPassword: '',
        password: 'Lounge#2025',
        confirmPassword: 'Lounge#2025',
      }),
    ).toEqual(['oldPassword: form-required']);
  });
});

describe('passwordsMatch and differsFromOld', () => {
  it('ignore whitespace', () => {
    expect(passwordsMatch('Ab1!abcd', ' Ab1! abcd')).toBe(true);
    expect(passwordsMatch('Ab1!abcd', 'ab1!abcd')).toBe(false);
    expect(differsFromOld('Ab1!abcd', 'Ab1!abcd ')).toBe(false);
    expect(differsFromOld('Ab1!abcd', 'Ab1!abcD')).toBe(true);
  });
});
