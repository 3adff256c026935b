import { DEFAULT_CHANNEL } from '@portal/contract';
import type { users } from '../../db/schema';

type User = typeof users.$inferSelect;

export function initialsOf(firstName: string, lastName: string): string {
  const first = (name: string) => Array.from(name.trim())[0] ?? '';
  return (first(firstName) + first(lastName)).toUpperCase();
}

/** The member's details the web keeps as `userInfo` (spec §3). */
export function userInfoOf(user: User) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    initials: initialsOf(user.firstName, user.lastName),
    email: user.email,
    mobileNo: user.mobileNumber,
    mobileNoPrefix: user.mobilePrefix,
    countryCode: user.mobileAreaCode,
    channel: DEFAULT_CHANNEL,
    lang: user.language,
  };
}
