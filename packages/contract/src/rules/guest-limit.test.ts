import { describe, expect, it } from 'vitest';
import { guestLimit } from './guest-limit';

describe('guestLimit', () => {
  it("is the membership's guests per visit where the lounge takes more", () => {
    expect(guestLimit({ maxGuests: 4 }, { guestsPerVisit: 2 })).toBe(2);
  });

  it("is the lounge's cap where the membership allows more", () => {
    expect(guestLimit({ maxGuests: 1 }, { guestsPerVisit: 3 })).toBe(1);
  });

  it('is the shared number where both agree, and 0 where either allows none', () => {
    expect(guestLimit({ maxGuests: 3 }, { guestsPerVisit: 3 })).toBe(3);
    expect(guestLimit({ maxGuests: 0 }, { guestsPerVisit: 3 })).toBe(0);
    expect(guestLimit({ maxGuests: 4 }, { guestsPerVisit: 0 })).toBe(0);
  });

  it("is the lounge's cap alone where no membership applies", () => {
    expect(guestLimit({ maxGuests: 4 }, null)).toBe(4);
    expect(guestLimit({ maxGuests: 4 }, undefined)).toBe(4);
  });
});
