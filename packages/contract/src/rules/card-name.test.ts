import { describe, expect, it } from 'vitest';
import { isLatinName, isValidNameOnCard, nameOnCardSchema } from './card-name';
import { messagesOf } from './test-helpers';

describe('nameOnCardSchema', () => {
  it('accepts 2 and 50 characters, rejects 1 and 51', () => {
    expect(nameOnCardSchema.parse('Al')).toBe('Al');
    expect(nameOnCardSchema.parse('a'.repeat(50))).toHaveLength(50);
    expect(messagesOf(nameOnCardSchema, 'A')).toEqual(['card-error-name-min']);
    expect(messagesOf(nameOnCardSchema, 'a'.repeat(51))).toEqual(['form-max-50']);
  });

  it('trims and requires a value', () => {
    expect(nameOnCardSchema.parse('  Ann Lee ')).toBe('Ann Lee');
    expect(messagesOf(nameOnCardSchema, '')).toEqual(['form-required']);
    expect(messagesOf(nameOnCardSchema, '   ')).toEqual(['form-required']);
  });

  it.each([
    'José Núñez',
    'Zoë Brontë',
    "Seán O'Brien",
    'Seán O’Brien',
    'Anne-Marie Smith',
    'J. R. Ward',
    'Łukasz Żółć',
    'Ævar Þór',
    'Ștefan Ğul',
  ])('accepts the Latin name %s', (name) => {
    expect(messagesOf(nameOnCardSchema, name)).toEqual([]);
  });

  it.each([
    'Иван Петров',
    '王小明',
    'Νίκος',
    'Ann Lee 2',
    'Ann_Lee',
    'Ann × Lee',
    'Ann@Lee',
    "--'",
  ])('rejects %s', (name) => {
    expect(messagesOf(nameOnCardSchema, name)).toEqual(['card-error-name-latin']);
  });

  it('composes decomposed accents before checking', () => {
    const decomposed = 'Jose\u0301';
    expect(isLatinName(decomposed)).toBe(true);
    expect(nameOnCardSchema.parse(decomposed)).toBe('José');
  });
});

describe('isValidNameOnCard', () => {
  it('matches the schema', () => {
    expect(isValidNameOnCard('A')).toBe(false);
    expect(isValidNameOnCard('Al')).toBe(true);
    expect(isValidNameOnCard('a'.repeat(50))).toBe(true);
    expect(isValidNameOnCard('a'.repeat(51))).toBe(false);
    expect(isValidNameOnCard('Иван')).toBe(false);
  });
});
