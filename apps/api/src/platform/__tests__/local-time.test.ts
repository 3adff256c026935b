import { describe, expect, it } from 'vitest';
import { visitDayText } from '../local-time';

describe("an email's visit day", () => {
  it('is written as the pages write it (issue 60): "Thu 10 Dec 2026"', () => {
    expect(visitDayText('2026-12-10')).toBe('Thu 10 Dec 2026');
    expect(visitDayText('2027-01-01')).toBe('Fri 1 Jan 2027');
  });

  it("is the day given, whatever the server's zone; anything else is left as it is", () => {
    expect(visitDayText('2026-03-29')).toBe('Sun 29 Mar 2026');
    expect(visitDayText('not a day')).toBe('not a day');
  });
});
