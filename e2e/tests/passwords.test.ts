import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoA11yViolations, launchBrowser, openPage } from '../support/browser';
import { DEMO, logInWithPassword, userMenu } from '../support/login';
import { sentIds, waitForCode } from '../support/outbox';
import { startPortal, type RunningPortal } from '../support/server';

/*
 * These journeys change the demo member's password, so they run against a portal of their own:
 * the shared one keeps the password the other files log in with. The steps follow each other.
 */
let portal: RunningPortal;
let browser: Browser;
beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
});
afterAll(async () => {
  await browser.close();
  await portal.stop();
});

const open = (path: string) => openPage(browser, path, { baseUrl: portal.baseUrl });
const pathname = (page: Page) => new URL(page.url()).pathname;

let password: string = DEMO.password;

describe('first login', () => {
  it('invites the member to add a payment card, linking to the cards page', async () => {
    const { context, page } = await open('/login');
    await page.getByLabel('Email address').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Add a payment card' });
    await modal.waitFor();
    await expectNoA11yViolations(page);
    await modal.getByRole('link', { name: 'Add a card' }).click();
    await expect.poll(() => pathname(page)).toBe('/account/cards');
    expect(await modal.count()).toBe(0);
    await context.close();
  });
});

describe('forgotten password', () => {
  it('resets the password with an emailed code, and the new one logs in', async () => {
    const { context, page } = await open('/login');
    await page.getByRole('link', { name: 'Forgotten password?' }).click();
    await expect.poll(() => pathname(page)).toBe('/forgot-psw/choose-Way');
    await page.getByRole('radio', { name: 'Email' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => pathname(page)).toBe('/forgot-psw/send-code/email');

    await page.getByLabel('Email address').fill(DEMO.email);
    const known = await sentIds(portal.baseUrl);
    await page.getByRole('button', { name: 'Send code' }).click();
    const modal = page.getByRole('dialog', { name: 'Enter your 6-digit code' });
    await modal.waitFor();
    const code = await waitForCode(portal.baseUrl, DEMO.email, known);
    await modal.getByLabel('6-digit code').fill(code);

    await expect.poll(() => pathname(page)).toMatch(/^\/create-psw\/email\/[0-9a-f-]{36}$/);
    const resetUrl = page.url();
    const newPassword = 'Reset-Pass-2027!';
    await page.getByLabel('New password', { exact: true }).fill('weak');
    await page.getByText('Weak').first().waitFor();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByText('Strong').first().waitFor();
    await page.getByLabel('Confirm new password').fill(newPassword);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Save password' }).click();

    await expect.poll(() => pathname(page)).toBe('/update-pwd-succ');
    await page.getByRole('heading', { name: 'Password updated' }).waitFor();
    await expectNoA11yViolations(page);

    // The reset link works once.
    await page.goto(resetUrl);
    await page.getByRole('heading', { name: 'Link Expired' }).waitFor();

    // The old password no longer logs in; the new one does.
    await page.goto('/login');
    await page.getByLabel('Email address').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your email address or password is incorrect. Please try again.' })
      .waitFor();
    await logInWithPassword(page, DEMO.email, newPassword);
    password = newPassword;
    await expect.poll(() => userMenu(page).textContent()).toContain(DEMO.initials);
    await context.close();
  });
});

describe('changed password', () => {
  it('changes the password from the account page and shows the success popup', async () => {
    const { context, page } = await open('/login?redirect=/account/password');
    await logInWithPassword(page, DEMO.email, password);
    await expect.poll(() => pathname(page)).toBe('/account/password');
    await expectNoA11yViolations(page);

    const newPassword = 'Changed-Pass-2028#';
    await page.getByLabel('Current password').fill('Wrong-Current-1');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await page
      .getByText('Your email address or password is incorrect. Please try again.')
      .first()
      .waitFor();

    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText("New password can't be the same as the old password.").first().waitFor();

    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();

    await expect.poll(() => pathname(page)).toBe('/account/profile');
    expect(new URL(page.url()).searchParams.get('showUpdatePwdSucc')).toBe('1');
    const popup = page.getByRole('dialog', { name: 'Password updated' });
    await popup.waitFor();
    await expectNoA11yViolations(page);
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('showUpdatePwdSucc')).toBeNull();
    password = newPassword;

    // Log out, then in again with the changed password.
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Log In' }).waitFor();
    await page.goto('/login');
    await logInWithPassword(page, DEMO.email, password);
    await expect.poll(() => userMenu(page).textContent()).toContain(DEMO.initials);
    await context.close();
  });

  it('the password page is accessible in an issuer theme', async () => {
    const { context, page } = await open('/login?issuer=natwest&redirect=/account/password');
    await logInWithPassword(page, DEMO.email, password);
    await expect.poll(() => pathname(page)).toBe('/account/password');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await expectNoA11yViolations(page);
    await context.close();
  });
});
