import type { Page } from 'playwright-core';

/** The member the seed registers (README). */
export const DEMO = {
  email: 'demo@lounge.example',
  password: 'Demo-Pass-2026',
  mobile: '07400 900123',
  mobileE164: '+447400900123',
  initials: 'AM',
} as const;

/** The header's initials menu button, present only when logged in. */
export const userMenu = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /account menu/i });

/** Fills the login form and submits it. */
export async function logInWithPassword(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await dismissFirstLoginModal(page);
}

/**
 * Whether the app will show the add-a-card invitation: a member's very first login, which the
 * login writes to session storage (`isFirstLogin`) with the token, before the account menu shows.
 * Read once the menu is there, it says at once whether the dialog is coming: no waiting for a
 * dialog that may never come.
 */
export async function firstLoginInvitationDue(page: Page): Promise<boolean> {
  await userMenu(page).waitFor({ timeout: 15_000 });
  return page.evaluate(() => sessionStorage.getItem('isFirstLogin') === 'true');
}

/**
 * The add-a-card invitation shows on a member's very first login only; journeys that do not
 * look at it close it if it comes.
 */
export async function dismissFirstLoginModal(page: Page): Promise<void> {
  if (!(await firstLoginInvitationDue(page))) return;
  const modal = page.getByRole('dialog', { name: 'Add a payment card' });
  await modal.getByRole('button', { name: 'Not now' }).click();
  await modal.waitFor({ state: 'hidden' });
}
