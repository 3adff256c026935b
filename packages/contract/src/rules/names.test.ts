import { describe, expect, it } from 'vitest';
import { isValidName, nameSchema } from './names';
import { messagesOf } from './test-helpers';

describe('nameSchema', () => {
  it('trims', () => {
    expect(nameSchema.parse('  Ann Lee  ')).toBe('Ann Lee');
  });

  it('accepts 50 characters and rejects 51', () => {
    expect(nameSchema.parse('a'.repeat(50))).toHaveLength(50);
    expect(nameSchema.parse(` ${'a'.repeat(50)} `)).toHaveLength(50);
    expect(messagesOf(nameSchema, 'a'.repeat(51))).toEqual(['form-max-50']);
  });

  it('requires a value, whitespace alone is empty', () => {
    expect(messagesOf(nameSchema, '')).toEqual(['form-required']);
    expect(messagesOf(nameSchema, ' \t ')).toEqual(['form-required']);
    expect(messagesOf(nameSchema, null)).toEqual(['form-required']);
  });

  it('refuses line breaks, tabs inside, bidi overrides and zero-width characters', () => {
    for (const name of ['Ann\nLee', 'Ann\tLee', 'Ann\u202eeeL', 'An\u200bn', 'Ann\u0000']) {
      expect(messagesOf(nameSchema, name)).toEqual(['form-name-characters']);
      expect(isValidName(name)).toBe(false);
    }
    expect(nameSchema.parse("Zoë O'Brien-Łukasz")).toBe("Zoë O'Brien-Łukasz");
  });
});

describe('isValidName', () => {
  it('matches the schema', () => {
    expect(isValidName('Zoë')).toBe(true);
    expect(isValidName('a'.repeat(50))).toBe(true);
    expect(isValidName('a'.repeat(51))).toBe(false);
    expect(isValidName('   ')).toBe(false);
  });
});
