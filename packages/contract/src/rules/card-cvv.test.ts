import { describe, expect, it } from 'vitest';
import { cvvSchema, isValidCvv } from './card-cvv';
import { messagesOf } from './test-helpers';

describe('cvvSchema', () => {
  it('accepts 3 and 4 digits', () => {
    expect(cvvSchema.parse('123')).toBe('123');
    expect(cvvSchema.parse('1234')).toBe('1234');
  });

  it('rejects 2 and 5 digits, and letters', () => {
    expect(messagesOf(cvvSchema, '12')).toEqual(['card-error-cvc']);
    expect(messagesOf(cvvSchema, '12345')).toEqual(['card-error-cvc']);
    expect(messagesOf(cvvSchema, '12a')).toEqual(['card-error-cvc']);
    expect(messagesOf(cvvSchema, '1 23')).toEqual(['card-error-cvc']);
  });

  it('requires a value', () => {
    expect(messagesOf(cvvSchema, '')).toEqual(['form-required']);
  });
});

describe('isValidCvv', () => {
  it('matches the schema', () => {
    expect(isValidCvv('12')).toBe(false);
    expect(isValidCvv('123')).toBe(true);
    expect(isValidCvv('1234')).toBe(true);
    expect(isValidCvv('12345')).toBe(false);
    expect(isValidCvv('abc')).toBe(false);
  });
});
