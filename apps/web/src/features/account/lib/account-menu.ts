import { paths } from '@/shared/config/paths';

/** The side menu's keys (spec section 2, Account), in order. */
export const ACCOUNT_MENU_KEYS = [
  'profile',
  'bookings',
  'history',
  'cards',
  'password',
  'delAccount',
] as const;

export type AccountMenuKey = (typeof ACCOUNT_MENU_KEYS)[number];

const hrefs: Record<AccountMenuKey, string> = {
  profile: paths.account.profile.getHref(),
  bookings: paths.account.bookings.getHref(),
  history: paths.account.history.getHref(),
  cards: paths.account.cards.getHref(),
  password: paths.account.password.getHref(),
  delAccount: paths.account.deleteAccount.getHref(),
};

export const accountMenuHref = (key: AccountMenuKey): string => hrefs[key];

/** The menu entry a page belongs to: a booking's detail pages belong to My bookings. */
export function activeMenuKey(pathname: string): AccountMenuKey | undefined {
  const path = pathname.replace(/\/+$/, '');
  const exact = ACCOUNT_MENU_KEYS.find((key) => hrefs[key] === path);
  if (exact) return exact;
  return path.startsWith(`${hrefs.bookings}/`) ? 'bookings' : undefined;
}
