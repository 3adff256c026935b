import { describe, expect, it } from 'vitest';
import { flightNumberSchema, isValidFlightNumber, normaliseFlightNumber } from './flight-number';
import { messagesOf } from './test-helpers';

describe('isValidFlightNumber', () => {
  it.each([
    'BA1',
    'BA123',
    'BA1234',
    'ba 117',
    'BA-117',
    'U2 8123',
    '9W123',
    'BAW117',
    'ezy1234',
    'BA123A',
    ' EK 1 ',
  ])('accepts %s', (flight) => {
    expect(isValidFlightNumber(flight)).toBe(true);
  });

  it.each([
    '',
    'BA',
    'BA12345',
    '12345',
    '12 345',
    'B',
    '1',
    'BA12AB',
    'BA 12 3',
    'BA#123',
    'ABCD123',
    'BA123-',
  ])('rejects %s', (flight) => {
    expect(isValidFlightNumber(flight)).toBe(false);
  });
});

describe('normaliseFlightNumber', () => {
  it('upper-cases and drops separators', () => {
    expect(normaliseFlightNumber(' ba 0117 ')).toBe('BA0117');
    expect(normaliseFlightNumber('u2-8123a')).toBe('U28123A');
  });
});

describe('flightNumberSchema', () => {
  it('outputs the normalised flight number', () => {
    expect(flightNumberSchema.parse(' ba 117 ')).toBe('BA117');
  });

  it('requires a valid flight number', () => {
    expect(messagesOf(flightNumberSchema, '')).toEqual(['form-required']);
    expect(messagesOf(flightNumberSchema, 'BA12345')).toEqual(['booking-error-flight']);
  });
});
