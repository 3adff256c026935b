import { describe, expect, it } from 'vitest';
import {
  BOOKING_MAX_AHEAD_MS,
  BOOKING_MIN_AHEAD_MS,
  CARD_NUMBER_INPUT_MAX,
  CARD_NUMBER_MAX_DIGITS,
  DIGIT_GROUP_SIZE,
  LOGIN_LOCK_SECONDS,
  MEMBERSHIP_NUMBER_DIGITS,
  MEMBERSHIP_NUMBER_INPUT_MAX,
  TOKEN_IDLE_SECONDS,
} from './constants';

/** Characters of `digits` digits grouped by DIGIT_GROUP_SIZE with single spaces. */
const groupedLength = (digits: number) => digits + Math.ceil(digits / DIGIT_GROUP_SIZE) - 1;

describe('constants', () => {
  it('input maxima hold the grouped digits exactly', () => {
    expect(groupedLength(MEMBERSHIP_NUMBER_DIGITS)).toBe(MEMBERSHIP_NUMBER_INPUT_MAX);
    expect(groupedLength(CARD_NUMBER_MAX_DIGITS)).toBe(CARD_NUMBER_INPUT_MAX);
  });

  it('durations are in their units', () => {
    expect(TOKEN_IDLE_SECONDS).toBe(21_600);
    expect(LOGIN_LOCK_SECONDS).toBe(300);
    expect(BOOKING_MIN_AHEAD_MS).toBe(172_800_000);
    expect(BOOKING_MAX_AHEAD_MS).toBe(15_552_000_000);
  });
});
