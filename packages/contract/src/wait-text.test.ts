import { describe, expect, it } from 'vitest';
import { errorCatalogue, errorText, waitText } from './errors';

describe('the wait a locked call names', () => {
  it('is in whole minutes, rounded up, with "1 minute" singular', () => {
    expect(waitText(1)).toBe('1 minute');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(900)).toBe('15 minutes');
    expect(waitText(undefined)).toBe('a few minutes');
  });

  it("fills an error's text, and leaves a text without a wait as it is", () => {
    expect(errorText(errorCatalogue.memberTooManyRequests, 300)).toBe(
      'Too many attempts from your account. Please wait 5 minutes and try again.',
    );
    expect(errorText(errorCatalogue.notFound, 300)).toBe(errorCatalogue.notFound.message);
  });
});
