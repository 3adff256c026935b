import { describe, expect, it } from 'vitest';
import { HTTP_STATUS_TEXT, statusText } from '../http-status';

describe('status texts', () => {
  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [405, 'Method Not Allowed'],
    [408, 'Request Timeout'],
    [429, 'Too Many Requests'],
    [500, 'Internal Server Error'],
    [501, 'Not Implemented'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
  ])('maps %i to %s', (status, text) => {
    expect(statusText(status)).toBe(text);
  });

  it('covers only 400 to 503 and falls back outside it', () => {
    const codes = Object.keys(HTTP_STATUS_TEXT).map(Number);
    expect(Math.min(...codes)).toBe(400);
    expect(Math.max(...codes)).toBe(503);
    expect(statusText(504)).toBe('Server Error');
  });
});
