import { describe, expect, it } from 'vitest';
import { groupDigits, isDigits, keepDigits, removeWhitespace } from './text';

describe('text helpers', () => {
  it('removeWhitespace drops every kind of whitespace', () => {
    expect(removeWhitespace(' a \tb\nc ')).toBe('abc');
  });

  it('keepDigits keeps only digits', () => {
    expect(keepDigits('+44 (0)7400-123')).toBe('4407400123');
  });

  it('isDigits needs at least one digit and nothing else', () => {
    expect(isDigits('0123')).toBe(true);
    expect(isDigits('')).toBe(false);
    expect(isDigits('12 3')).toBe(false);
  });

  it('groupDigits groups in fours by default', () => {
    expect(groupDigits('123456789')).toBe('1234 5678 9');
    expect(groupDigits('12345', 2)).toBe('12 34 5');
    expect(groupDigits('')).toBe('');
  });
});
