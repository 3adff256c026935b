import { describe, expect, it } from 'vitest';
import {
  cardNumberDigits,
  cardNumberSchema,
  formatCardNumber,
  isValidCardNumber,
} from './card-number';
import { messagesOf } from './test-helpers';

describe('formatCardNumber', () => {
  it('groups digits in fours', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('378282246310005')).toBe('3782 8224 6310 005');
    expect(formatCardNumber('41111')).toBe('4111 1');
    expect(formatCardNumber('')).toBe('');
  });

  it('caps at 19 characters and drops non-digits', () => {
    const formatted = formatCardNumber('4111-1111-1111-1111-999');
    expect(formatted).toBe('4111 1111 1111 1111');
    expect(formatted).toHaveLength(19);
    expect(cardNumberDigits('4111 x1')).toBe('41111');
  });
});

describe('cardNumberSchema', () => {
  it('accepts 14 to 16 digits, grouped or not, and outputs the digits', () => {
    expect(cardNumberSchema.parse('3056 9309 0259 04')).toBe('30569309025904');
    expect(cardNumberSchema.parse('4111 1111 1111 1111')).toBe('4111111111111111');
    expect(cardNumberSchema.parse('4111111111111111')).toBe('4111111111111111');
  });

  it('asks for at least 14 digits on 13', () => {
    expect(messagesOf(cardNumberSchema, '4222 2222 2222 2')).toEqual(['card-error-min-digits']);
  });

  it('rejects more digits than 19 characters hold', () => {
    expect(messagesOf(cardNumberSchema, '41111111111111111')).toEqual([
      'card-error-number-invalid',
    ]);
  });

  it('rejects letters and requires a value', () => {
    expect(messagesOf(cardNumberSchema, '4111 1111 1111 111a')).toEqual(['form-digits-only']);
    expect(messagesOf(cardNumberSchema, '')).toEqual(['form-required']);
  });
});

describe('isValidCardNumber', () => {
  it('matches the schema', () => {
    expect(isValidCardNumber('4222 2222 2222 2')).toBe(false);
    expect(isValidCardNumber('3056 9309 0259 04')).toBe(true);
    expect(isValidCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(isValidCardNumber('41111111111111111')).toBe(false);
    expect(isValidCardNumber('4111 1111 1111 111a')).toBe(false);
  });
});
