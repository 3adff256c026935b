import { ISSUERS } from '@portal/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoA11yViolations, launchBrowser, openPage } from '../support/browser';
import { DEMO, logInWithPassword } from '../support/login';
import { PUBLIC_CONTENT_ROUTES } from '../support/routes';

/*
 * Every route of spec section 2 that exists, logged out and logged in, in every issuer theme,
 * with axe (issue 8). One browser context per theme and login state; each route is a full page
 * load, as a visitor arriving by a link would see it. The cookie banner is answered first, so
 * each page is checked as a returning visitor sees it (the banner has its own check in
 * public-portal.test.ts). The default theme gets every axe rule; the issuer themes, whose pages
 * are the same elements in other colours, get the colour rules (public-portal and account tests
 * also run every rule in the natwest theme). Theme colours are also checked as numbers in the
 * web unit tests (theme-contrast.test.ts); here axe checks them as rendered.
 */
const PUBLIC_ROUTES = [
  ...PUBLIC_CONTENT_ROUTES,
  '/login',
  '/sign-up',
  '/forgot-psw/choose-Way',
  '/forgot-psw/send-code/email',
  '/create-psw/email/not-a-link',
  '/regist/result/not-a-registration',
  '/update-pwd-succ',
  '/time-out',
  '/demo',
];

const MEMBER_ROUTES = [
  '/airport',
  '/support',
  '/membership/overview',
  '/membership/buy',
  '/membership/add',
  '/membership/list',
  '/membership/success',
  '/membership/error',
  '/membership/card',
  '/account/profile',
  '/account/bookings',
  '/account/bookings/detail?bookingId=LBDEMO0001',
  '/account/bookings/ftdetail?bookingId=FTDEMO0001',
  '/account/history',
  '/account/cards',
  '/account/password',
  '/account/delete-account',
  // An offer's terms before redeeming (nothing is redeemed until confirmed), and a voucher
  // screen (this member has none: its not-found state; the offers journeys check a real one).
  '/offers/redeem?id=LHR-DIN-1&kind=dining',
  '/offers/voucher?code=ABCD-EFGH',
  // A booking's later steps go back to step 1 with no booking in progress (a redirect this
  // check cannot tell from a wrong route): they are checked with axe, in the default and an
  // issuer theme, by the journeys of lounge-booking and fast-track-booking.test.ts.
  '/prebooking/detail',
  '/prebooking/result',
  '/cipprebooking/detail',
  '/cipprebooking/result',
];

// ubni is ulster's other name (the same theme); vm shows only its customer notice.
const THEMES = ISSUERS;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/**
 * A page in an issuer's theme, named by the URL (the issuer is kept for the session once read
 * from it, and a login keeps a brand the URL named: the demo member is NatWest's).
 */
async function themedPage(issuer: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser, `/?issuer=${issuer}`, {
    cookiesAnswered: true,
  });
  await expect
    .poll(() => opened.page.evaluate(() => document.documentElement.dataset.issuer))
    .toBe(issuer);
  return opened;
}

/**
 * The rules a theme can change: its colours. The default theme gets every rule; in the others
 * the pages are the same elements in other colours, so these are what can differ.
 */
const THEME_RULES = ['color-contrast', 'link-in-text-block'];

/** Loads a route and waits for its main heading and its data before axe runs. */
async function check(page: Page, route: string, issuer: string) {
  try {
    // A client-side navigation, as a link in the app makes (and as fast): the router follows
    // the history, no page reload.
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, route);
    await expect.poll(() => page.evaluate(() => location.pathname + location.search)).toBe(route);
    // The page before stays on screen while the route's code and data load: wait until the page
    // shown is the one for the address (a redirect's too), or axe would check the one before.
    await page.waitForFunction(
      () =>
        document.getElementById('main-content')?.dataset.location ===
        location.pathname + location.search,
    );
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 10_000 });
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    expect(await page.evaluate(() => document.documentElement.dataset.issuer)).toBe(issuer);
    await expectNoA11yViolations(page, issuer === 'default' ? {} : { rules: THEME_RULES });
  } catch (err) {
    throw new Error(`${route} (${issuer}): ${(err as Error).message}`, { cause: err });
  }
}

describe.each(THEMES)('every route in the %s theme', (issuer) => {
  it('logged out', async () => {
    const { context, page } = await themedPage(issuer);
    for (const route of PUBLIC_ROUTES) await check(page, route, issuer);
    await context.close();
  }, 240_000);

  // The vm channel shows only its customer notice, on every route: nobody logs in there, and
  // the logged-out pass has already checked that notice on every public route.
  if (issuer === 'vm') return;
  it('logged in', async () => {
    const { context, page } = await themedPage(issuer);
    await page.goto('/login');
    await logInWithPassword(page, DEMO.email, DEMO.password);
    // The public pages again as a member sees them (the header's menu, the member's links), in
    // the default theme; elsewhere the member pages show those same parts in the theme's colours.
    // The login page sends a member on, and the time-out page ends the session: neither here.
    const publicAgain =
      issuer === 'default' ? PUBLIC_ROUTES.filter((r) => r !== '/login' && r !== '/time-out') : [];
    const routes = [...MEMBER_ROUTES, ...publicAgain];
    for (const route of routes) await check(page, route, issuer);
    await context.close();
  }, 300_000);
});
