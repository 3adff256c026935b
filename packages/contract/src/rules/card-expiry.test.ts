import { describe, expect, it } from 'vitest';
import { cardExpirySchema, formatExpiryInput, isExpiryValid, parseExpiry } from './card-expiry';
import { messagesOf } from './test-helpers';

const NOW = new Date('2025-06-15T12:00:00Z');

describe('parseExpiry', () => {
  it('reads MM/YY', () => {
    expect(parseExpiry('06/25')).toEqual({ month: 6, year: 2025 });
    expect(parseExpiry('12 / 31')).toEqual({ month: 12, year: 2031 });
    expect(parseExpiry(' 01/30 ')).toEqual({ month: 1, year: 2030 });
  });

  it('rejects months 00 and 13', () => {
    expect(parseExpiry('00/26')).toBeUndefined();
    expect(parseExpiry('13/26')).toBeUndefined();
  });

  it.each(['6/25', '06/2025', '0625', '06-25', 'ab/cd', '06/', '', '06/25x'])(
    'rejects the format %s',
    (input) => {
      expect(parseExpiry(input)).toBeUndefined();
    },
  );
});

describe('isExpiryValid', () => {
  it('accepts this month and later, rejects last month', () => {
    expect(isExpiryValid('06/25', NOW)).toBe(true);
    expect(isExpiryValid('07/25', NOW)).toBe(true);
    expect(isExpiryValid('01/26', NOW)).toBe(true);
    expect(isExpiryValid('05/25', NOW)).toBe(false);
    expect(isExpiryValid('12/24', NOW)).toBe(false);
  });

  it('holds to the last moment of the month and turns with it', () => {
    expect(isExpiryValid('06/25', new Date('2025-06-30T23:59:59Z'))).toBe(true);
    expect(isExpiryValid('06/25', new Date('2025-07-01T00:00:00Z'))).toBe(false);
  });

  it('rejects what does not parse', () => {
    expect(isExpiryValid('13/25', NOW)).toBe(false);
    expect(isExpiryValid('', NOW)).toBe(false);
  });
});

describe('formatExpiryInput', () => {
  it('inserts the slash after the month', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('122')).toBe('12/2');
    expect(formatExpiryInput('12/27')).toBe('12/27');
    expect(formatExpiryInput('122799')).toBe('12/27');
  });
});

describe('cardExpirySchema', () => {
  const schema = cardExpirySchema(() => NOW);

  it('accepts this month', () => {
    expect(schema.parse('06/25')).toBe('06/25');
  });

  it('says date is invalid for the past, bad months and bad formats', () => {
    expect(messagesOf(schema, '05/25')).toEqual(['card-error-date']);
    expect(messagesOf(schema, '00/26')).toEqual(['card-error-date']);
    expect(messagesOf(schema, '13/26')).toEqual(['card-error-date']);
    expect(messagesOf(schema, '0626')).toEqual(['card-error-date']);
  });

  it('requires a value', () => {
    expect(messagesOf(schema, '')).toEqual(['form-required']);
  });

  it('reads the clock at each check', () => {
    let now = NOW;
    const moving = cardExpirySchema(() => now);
    expect(messagesOf(moving, '06/25')).toEqual([]);
    now = new Date('2025-07-01T00:00:00Z');
    expect(messagesOf(moving, '06/25')).toEqual(['card-error-date']);
  });
});
