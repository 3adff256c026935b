import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  expectNoA11yViolations,
  launchBrowser,
  openPage,
  screenshot,
  serverLogFile,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Dialogs and alert dialogs alike. */
const anyDialog = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]');

async function theme(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('header');
    const footer = document.querySelector('footer');
    return {
      primary: getComputedStyle(document.documentElement)
        .getPropertyValue('--color-primary')
        .trim(),
      headerBackground: header ? getComputedStyle(header).backgroundColor : '',
      footerText: footer?.textContent ?? '',
      issuer: document.documentElement.dataset.issuer,
    };
  });
}

describe('the portal shell', () => {
  it('names its URL in the log once it is up', async () => {
    // The e2e portal's PUBLIC_URL is the address the browser uses.
    await expect
      .poll(() => fs.readFile(serverLogFile(), 'utf8'))
      .toContain(`Lounge portal is running at ${baseUrl()}`);
  });

  it('serves the SPA and the API on one port', async () => {
    const response = await fetch(`${baseUrl()}/client-api/airport/list-v2`, {
      method: 'POST',
      headers: { channel: 'ASE' },
    });
    const body = (await response.json()) as {
      state: string;
      result: { iataCode: string; city: string; country: string }[];
    };
    expect(body.state).toBe('1');
    expect(body.result.length).toBeGreaterThanOrEqual(4000);
    expect(body.result.find((a) => a.iataCode === 'LHR')).toMatchObject({
      city: 'London',
      country: 'GB',
    });
  });

  it('brands the page per issuer: natwest and coop differ in colour and footer text', async () => {
    const natwest = await openPage(browser, '/?issuer=natwest');
    const coop = await openPage(browser, '/?issuer=coop');
    const a = await theme(natwest.page);
    const b = await theme(coop.page);
    expect(a.issuer).toBe('natwest');
    expect(b.issuer).toBe('coop');
    expect(a.primary).not.toBe('');
    expect(a.primary).not.toBe(b.primary);
    expect(a.headerBackground).not.toBe(b.headerBackground);
    expect(a.footerText).toContain('NatWest');
    expect(b.footerText).toContain('The Co-operative Bank');
    expect(a.footerText).not.toBe(b.footerText);
    await screenshot(natwest.page, 'home-natwest');
    await screenshot(coop.page, 'home-coop');
    await natwest.context.close();
    await coop.context.close();
  });

  it('keeps the issuer for the session once chosen', async () => {
    const { context, page } = await openPage(browser, '/?issuer=barclays');
    await page.goto('/faqs', { waitUntil: 'networkidle' });
    expect((await theme(page)).issuer).toBe('barclays');
    await context.close();
  });

  it('sends a logged-out visitor from a member page to the login page with the way back', async () => {
    const { context, page } = await openPage(browser, '/account/profile');
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      '/login?redirect=%2Faccount%2Fprofile',
    );
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toMatch(/log ?in/i);
    await context.close();
  });

  it('shows the error dialog with no retry on an unknown path', async () => {
    const { context, page } = await openPage(browser, '/no-such-page');
    const dialog = anyDialog(page);
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: /try again/i }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /home/i }).count()).toBeGreaterThan(0);
    await screenshot(page, 'not-found');
    await context.close();
  });

  it('hides the header when the URL has acceptLang', async () => {
    const { context, page } = await openPage(browser, '/faqs?acceptLang=en-GB');
    expect(await page.getByRole('banner').count()).toBe(0);
    await context.close();
  });

  it('shows the No-internet modal when the browser goes offline, and closes it when back online', async () => {
    const { context, page } = await openPage(browser, '/faqs');
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    const dialog = anyDialog(page);
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('No internet connection');
    expect(await dialog.getByRole('button', { name: /try again/i }).count()).toBe(1);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await anyDialog(page).waitFor({ state: 'detached' });
    await context.close();
  });

  for (const path of ['/', '/login', '/?issuer=natwest', '/login?issuer=natwest']) {
    it(`has no axe violations on ${path}`, async () => {
      const { context, page } = await openPage(browser, path);
      await expectNoA11yViolations(page);
      await context.close();
    });
  }

  it('works by keyboard: the skip link moves focus to the main content', async () => {
    const { context, page } = await openPage(browser, '/');
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(first.toLowerCase()).toContain('skip');
    await page.keyboard.press('Enter');
    const focusedInMain = await page.evaluate(
      () =>
        Boolean(document.activeElement?.closest('main')) ||
        document.activeElement?.tagName === 'MAIN',
    );
    expect(focusedInMain).toBe(true);
    await context.close();
  });
});
