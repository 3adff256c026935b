import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoA11yViolations, launchBrowser, openPage } from '../support/browser';
import {
  DEMO,
  dismissFirstLoginModal,
  firstLoginInvitationDue,
  logInWithPassword,
  userMenu,
} from '../support/login';
import { openedDialogs, watchOpenDialogs } from '../support/dialogs';
import { sentIds, waitForCode } from '../support/outbox';
import { startPortal, type RunningPortal } from '../support/server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Presses Tab until the element with this accessible label has focus. */
async function tabTo(page: Page, label: string): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el) return '';
      const id = el.getAttribute('id');
      const byFor = id ? document.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
      return (
        el.getAttribute('aria-label') ??
        byFor?.textContent ??
        el.closest('label')?.textContent ??
        el.textContent ??
        ''
      ).trim();
    });
    if (focused === label) return;
  }
  throw new Error(`Tab never reached "${label}"`);
}

describe('logging in and out', () => {
  it('works by keyboard alone: log in as the demo member, open the initials menu, log out', async () => {
    const { context, page } = await openPage(browser, '/login');
    await tabTo(page, 'Email address');
    await page.keyboard.type(DEMO.email);
    await tabTo(page, 'Password');
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');

    const firstLogin = page.getByRole('dialog', { name: 'Add a payment card' });
    if (await firstLoginInvitationDue(page)) {
      await firstLogin.waitFor();
      await page.keyboard.press('Escape');
      await firstLogin.waitFor({ state: 'hidden' });
    }
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    const trigger = userMenu(page);
    await expect.poll(() => trigger.textContent()).toContain('AM');

    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'My Account',
      'Bookings',
      'Log Out',
    ]);
    await menu.getByRole('menuitem', { name: 'Log Out' }).focus();
    await page.keyboard.press('Enter');

    await page.getByRole('link', { name: 'Log In' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await userMenu(page).count()).toBe(0);
    await context.close();
  });

  it('shows the spec message for a wrong password', async () => {
    const { context, page } = await openPage(browser, '/login');
    await page.getByLabel('Email address').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Your email address or password' });
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toContain(
      'Your email address or password is incorrect. Please try again.',
    );
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectNoA11yViolations(page);
    await context.close();
  });

  it('shows and hides the password with one toggle button', async () => {
    const { context, page } = await openPage(browser, '/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Secret-1');
    const toggle = page.getByRole('button', { name: 'Show password' });
    expect(await password.getAttribute('type')).toBe('password');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    expect(await password.getAttribute('type')).toBe('password');
    await context.close();
  });

  it('logs in with a one-time code sent by email', async () => {
    const { context, page } = await openPage(browser, '/login');
    await page.getByRole('button', { name: 'Log in with a one-time code' }).click();
    await page.getByRole('radio', { name: 'Email' }).check();
    await page.getByLabel('Email address').fill(DEMO.email);
    const known = await sentIds(baseUrl());
    await page.getByRole('button', { name: 'Send code' }).click();

    const modal = page.getByRole('dialog', { name: 'Enter your 6-digit code' });
    await modal.waitFor();
    await expectNoA11yViolations(page);
    const code = await waitForCode(baseUrl(), DEMO.email, known);
    await modal.getByLabel('6-digit code').fill(code);

    await dismissFirstLoginModal(page);
    await expect.poll(() => userMenu(page).textContent()).toContain('AM');
    await context.close();
  });

  it('logs in with a one-time code sent by text message', async () => {
    const { context, page } = await openPage(browser, '/login');
    await page.getByRole('button', { name: 'Log in with a one-time code' }).click();
    await page.getByRole('radio', { name: 'Text message (SMS)' }).check();
    await page.getByLabel('Mobile number').fill(DEMO.mobile);
    const known = await sentIds(baseUrl());
    await page.getByRole('button', { name: 'Send code' }).click();

    const modal = page.getByRole('dialog', { name: 'Enter your 6-digit code' });
    await modal.waitFor();
    const code = await waitForCode(baseUrl(), DEMO.mobileE164, known);
    await modal.getByLabel('6-digit code').fill(code);

    await dismissFirstLoginModal(page);
    await expect.poll(() => userMenu(page).textContent()).toContain('AM');
    await context.close();
  });

  it('returns to a deep link to a member page after login', async () => {
    const { context, page } = await openPage(browser, '/account/bookings?tab=past');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account/bookings?tab=past');

    await logInWithPassword(page, DEMO.email, DEMO.password);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/account/bookings');
    expect(new URL(page.url()).search).toBe('?tab=past');
    await context.close();
  });

  it('never follows a redirect to another site', async () => {
    const { context, page } = await openPage(browser, '/login?redirect=//evil.example/x');
    await logInWithPassword(page, DEMO.email, DEMO.password);
    await expect.poll(() => page.url()).toBe(`${baseUrl()}/`);
    await context.close();
  });

  it('sends a member whose token is revoked to the time-out page', async () => {
    const { context, page } = await openPage(browser, '/login?redirect=/account/profile');
    await logInWithPassword(page, DEMO.email, DEMO.password);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/account/profile');
    // The token is revoked behind the page's back (as by a password reset elsewhere).
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('token') ?? '""') as unknown,
    );
    const response = await fetch(`${baseUrl()}/client-api/login/logout-by-token`, {
      method: 'POST',
      headers: { channel: 'ASE', authorization: `Bearer ${String(token)}` },
    });
    expect(((await response.json()) as { state: string }).state).toBe('1');
    // The account pages ask for the member's details at once: the answer 20002 ends the login.
    await page.goto('/account/password');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/time-out');
    expect(await page.evaluate(() => localStorage.getItem('isLogin'))).toBeNull();
    await context.close();
  });
});

describe('the brand after login (issue 60 item 12)', () => {
  const brand = (page: Page) => page.evaluate(() => document.documentElement.dataset.issuer);

  it("on the plain address is the member's bank's, on the next pages too", async () => {
    const { context, page } = await openPage(browser, '/login');
    expect(await brand(page)).toBe('default');
    await logInWithPassword(page, DEMO.email, DEMO.password);
    await expect.poll(() => brand(page)).toBe('natwest');
    await page.goto('/account');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await brand(page)).toBe('natwest');
    await expectNoA11yViolations(page, { rules: ['color-contrast'] });
    await context.close();
  });

  it("stays the one a link named, and the one of an issuer's own address", async () => {
    for (const url of [
      '/login?issuer=coop',
      `${baseUrl().replace('127.0.0.1', 'barclays.localhost')}/login`,
    ]) {
      const { context, page } = await openPage(browser, url);
      const named = url.includes('coop') ? 'coop' : 'barclays';
      await expect.poll(() => brand(page)).toBe(named);
      await logInWithPassword(page, DEMO.email, DEMO.password);
      await userMenu(page).waitFor();
      await page.goto(`${new URL(page.url()).origin}/account`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await brand(page)).toBe(named);
      await context.close();
    }
  });
});

describe("a member's first login (issue 60 item 10)", () => {
  // The demo member has never logged in to a portal of its own: this login is their first.
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.stop());

  it("shows one dialog at a time: home's notice, then the invitation to add a card", async () => {
    const { context, page } = await openPage(browser, '/login', {
      baseUrl: portal.baseUrl,
      showNotice: true,
    });
    await watchOpenDialogs(page);
    await page.getByLabel('Email address').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    expect(await firstLoginInvitationDue(page)).toBe(true);

    const notice = page.getByRole('dialog', { name: 'Important notice' });
    await notice.getByRole('button', { name: 'I understand' }).click();
    await notice.waitFor({ state: 'detached' });
    const invitation = page.getByRole('dialog', { name: 'Add a payment card' });
    await invitation.waitFor();
    await expectNoA11yViolations(page);
    await invitation.getByRole('button', { name: 'Not now' }).click();
    await invitation.waitFor({ state: 'detached' });

    expect(await openedDialogs(page)).toEqual({
      titles: ['Important notice', 'Add a payment card'],
      mostAtOnce: 1,
    });
    await context.close();
  });
});

describe('login and password screens are accessible', () => {
  const screens = [
    '/login',
    '/forgot-psw/choose-Way',
    '/forgot-psw/send-code/email',
    '/forgot-psw/send-code/sms',
    '/create-psw/email/00000000-0000-4000-8000-000000000000',
    '/update-pwd-succ',
  ];
  for (const issuer of ['default', 'natwest']) {
    for (const screen of screens) {
      it(`${screen} (${issuer})`, async () => {
        const url = issuer === 'default' ? screen : `${screen}?issuer=${issuer}`;
        const { context, page } = await openPage(browser, url);
        await page.locator('main h1').first().waitFor();
        await expectNoA11yViolations(page);
        await context.close();
      });
    }
  }

  it('the unknown reset link says Link Expired', async () => {
    const { context, page } = await openPage(
      browser,
      '/create-psw/email/00000000-0000-4000-8000-000000000000',
    );
    await page.getByRole('heading', { name: 'Link Expired' }).waitFor();
    await context.close();
  });

  it('/forgot-psw goes to choose-Way', async () => {
    const { context, page } = await openPage(browser, '/forgot-psw');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/forgot-psw/choose-Way');
    await context.close();
  });
});
