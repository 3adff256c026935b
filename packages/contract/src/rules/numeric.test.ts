import { describe, expect, it } from 'vitest';
import { isNumeric, numericStringSchema } from './numeric';
import { messagesOf } from './test-helpers';

describe('isNumeric', () => {
  it.each(['0', '7', '-12', '12.50', '-12.50', '0.5', '007'])('accepts %s', (value) => {
    expect(isNumeric(value)).toBe(true);
  });

  it.each(['', '-', '1.', '.5', '-.5', '+1', '1.2.3', '1,5', '1e3', ' 1', '1 ', 'abc', '--1'])(
    'rejects %j',
    (value) => {
      expect(isNumeric(value)).toBe(false);
    },
  );
});

describe('numericStringSchema', () => {
  it('trims, then checks', () => {
    expect(numericStringSchema.parse(' -12.50 ')).toBe('-12.50');
    expect(messagesOf(numericStringSchema, '1.')).toEqual(['form-number-invalid']);
    expect(messagesOf(numericStringSchema, '')).toEqual(['form-required']);
  });
});
