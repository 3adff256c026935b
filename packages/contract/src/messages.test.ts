import { describe, expect, it } from 'vitest';
import { fieldMessages, isMessageKey } from './messages';

describe('fieldMessages', () => {
  it('quotes the spec texts', () => {
    expect(fieldMessages['form-required']).toBe('This field is required.');
    expect(fieldMessages['sign-num-error-1']).toBe('Please enter 16 digits.');
    expect(fieldMessages['sign-info-error-2']).toBe('Please enter a valid email address.');
    expect(fieldMessages['mobile-error-invalid']).toBe('Please enter a valid mobile number.');
    expect(fieldMessages['password-error-match']).toBe('Password do not match.');
    expect(fieldMessages['terms-error-required']).toBe(
      'You must read and agree to the terms to continue.',
    );
    expect(fieldMessages['password-error-same']).toBe(
      "New password can't be the same as the old password.",
    );
    // The spec's meaning, worded as sentences naming the fields by their labels (issue 21).
    expect(fieldMessages['card-error-date']).toBe('The expiry date is invalid.');
    expect(fieldMessages['card-error-cvc']).toBe('The security code (CVV) is invalid.');
    expect(fieldMessages['password-strength-strong']).toBe('Strong');
    expect(fieldMessages['password-strength-weak']).toBe('Weak');
  });

  it('has no empty text', () => {
    for (const text of Object.values(fieldMessages)) expect(text.trim()).not.toBe('');
  });
});

describe('isMessageKey', () => {
  it('knows its own keys only', () => {
    expect(isMessageKey('form-required')).toBe(true);
    expect(isMessageKey('no-such-key')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });
});
