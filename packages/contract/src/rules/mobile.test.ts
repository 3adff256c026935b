import { describe, expect, it } from 'vitest';
import {
  formatMobile,
  isValidMobile,
  mobileSchema,
  normaliseDialCode,
  parseMobile,
  toE164,
} from './mobile';
import { issuesOf } from './test-helpers';

describe('isValidMobile', () => {
  it('accepts a UK mobile in any usual spelling', () => {
    expect(isValidMobile('44', '7400 123456')).toBe(true);
    expect(isValidMobile('+44', '7400123456')).toBe(true);
    expect(isValidMobile('44', '07400 123456')).toBe(true);
    expect(isValidMobile(' +44 ', '(07400) 123-456')).toBe(true);
  });

  it('rejects UK landlines and short numbers', () => {
    expect(isValidMobile('44', '020 7123 4567')).toBe(false);
    expect(isValidMobile('44', '0161 496 0000')).toBe(false);
    expect(isValidMobile('44', '7400 1234')).toBe(false);
  });

  it('accepts mobiles of other countries', () => {
    expect(isValidMobile('33', '06 12 34 56 78')).toBe(true);
    expect(isValidMobile('49', '01511 2345678')).toBe(true);
    expect(isValidMobile('86', '138 0013 8000')).toBe(true);
    // North American numbers cannot be told apart: FIXED_LINE_OR_MOBILE counts as mobile.
    expect(isValidMobile('1', '201 555 0123')).toBe(true);
  });

  it('rejects other countries landlines', () => {
    expect(isValidMobile('33', '01 23 45 67 89')).toBe(false);
  });

  it('rejects a number that belongs to another dial code', () => {
    expect(isValidMobile('33', '7400 123456')).toBe(false);
    expect(isValidMobile('1', '44 7400 123456')).toBe(false);
  });

  it('rejects unknown dial codes, letters and over-long input', () => {
    expect(isValidMobile('999', '7400 123456')).toBe(false);
    expect(isValidMobile('4a', '7400 123456')).toBe(false);
    expect(isValidMobile('44', '7400 12345a')).toBe(false);
    expect(isValidMobile('44', '+44 7400 123456')).toBe(false);
    expect(isValidMobile('44', '0 7 4 0 0 1 2 3 4 56')).toBe(true);
    expect(isValidMobile('44', '0 7 4 0 0 1 2 3 4 5 6')).toBe(false);
    expect(isValidMobile('', '7400 123456')).toBe(false);
    expect(isValidMobile('44', '')).toBe(false);
  });
});

describe('normaliseDialCode', () => {
  it('keeps the digits of a dial code', () => {
    expect(normaliseDialCode('+44')).toBe('44');
    expect(normaliseDialCode('44')).toBe('44');
    expect(normaliseDialCode('1')).toBe('1');
    expect(normaliseDialCode('+1234')).toBeUndefined();
    expect(normaliseDialCode('')).toBeUndefined();
  });
});

describe('parseMobile and toE164', () => {
  it('gives the parts and E.164', () => {
    expect(parseMobile('+44', '07400 123456')).toEqual({
      dialCode: '44',
      nationalNumber: '7400123456',
      e164: '+447400123456',
      country: 'GB',
    });
    expect(toE164('44', '07400 123456')).toBe('+447400123456');
    expect(toE164('33', '06 12 34 56 78')).toBe('+33612345678');
  });

  it('gives undefined for what is not a mobile', () => {
    expect(parseMobile('44', '020 7123 4567')).toBeUndefined();
    expect(toE164('44', '020 7123 4567')).toBeUndefined();
  });
});

describe('mobileSchema', () => {
  it('accepts a valid mobile and trims the fields', () => {
    expect(mobileSchema.parse({ mobileNoPrefix: ' 44 ', mobileNo: ' 07400 123456 ' })).toEqual({
      mobileNoPrefix: '44',
      mobileNo: '07400 123456',
    });
  });

  it('requires both fields, without a second message', () => {
    expect(issuesOf(mobileSchema, { mobileNoPrefix: '', mobileNo: '' })).toEqual([
      'mobileNoPrefix: form-required',
      'mobileNo: form-required',
    ]);
    expect(issuesOf(mobileSchema, { mobileNoPrefix: '44' })).toEqual(['mobileNo: form-required']);
  });

  it('rejects a landline on mobileNo', () => {
    expect(issuesOf(mobileSchema, { mobileNoPrefix: '44', mobileNo: '020 7123 4567' })).toEqual([
      'mobileNo: mobile-error-invalid',
    ]);
  });

  it('caps the input at 20 characters', () => {
    expect(
      issuesOf(mobileSchema, { mobileNoPrefix: '44', mobileNo: '0 7 4 0 0 1 2 3 4 56' }),
    ).toEqual([]);
    expect(
      issuesOf(mobileSchema, { mobileNoPrefix: '44', mobileNo: '0 7 4 0 0 1 2 3 4 5 6' }),
    ).toEqual(['mobileNo: mobile-error-invalid']);
  });
});

describe('formatMobile', () => {
  it('groups a number as its country writes it, whatever spelling it was typed in', () => {
    expect(formatMobile('44', '7400900456')).toBe('+44 7400 900456');
    expect(formatMobile('+44', '07400 900456')).toBe('+44 7400 900456');
    expect(formatMobile('33', '612345678')).toBe('+33 6 12 34 56 78');
    expect(formatMobile('1', '2015550123')).toBe('+1 201 555 0123');
  });

  it('shows a number that does not parse as given, after its dial code', () => {
    expect(formatMobile('44', ' 12345 ')).toBe('+44 12345');
    expect(formatMobile('+999', '123')).toBe('+999 123');
  });
});
