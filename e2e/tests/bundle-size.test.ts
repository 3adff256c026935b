import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from '../support/browser';
import { gzipTotal, HOME_JS_BUDGET_BYTES, measureHomeJs, scriptsLoaded } from '../support/home-js';
import { DEMO, logInWithPassword } from '../support/login';

/*
 * The quick form of the bench's size budget (issues 8 and 23): a change that makes the home page
 * load more than 120 KB of JavaScript fails here, in `npm test`, not only in `npm run bench`.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the home page JavaScript budget', () => {
  it(`loads at most ${HOME_JS_BUDGET_BYTES} bytes of gzipped JavaScript`, async () => {
    const bytes = await measureHomeJs(browser, baseUrl());
    // Something was measured: the page runs on scripts.
    expect(bytes).toBeGreaterThan(50_000);
    expect(bytes).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  });
});

/*
 * A booking step loads its own code, not every step's: step 1 once carried the review step's
 * mobile numbering plans (libphonenumber, 37 KB), the card dialog and the QR code.
 */
const STEP_1 = '/prebooking/detail?code=LHR-LNG-1';
/** The numbering plans' data: only the pages that take or show a mobile number load it. */
const NUMBERING_PLANS = 'country_calling_codes';
const STEP_1_JS_BUDGET_BYTES = 200 * 1024;

describe("the lounge booking's first step", () => {
  it('loads no mobile numbering plans, and at most its budget of JavaScript', async () => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    try {
      const login = await context.newPage();
      await login.goto(STEP_1);
      await login.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
      await logInWithPassword(login, DEMO.email, DEMO.password);
      await login.getByRole('heading', { name: 'Lounge Booking Details', level: 1 }).waitFor();
      // The page opened anew, as a member arriving from a lounge page would.
      const page = await context.newPage();
      const scripts = await scriptsLoaded(page, STEP_1);
      await page.getByRole('heading', { name: 'Lounge Booking Details', level: 1 }).waitFor();
      const withPlans = [...scripts].filter(([, s]) => s.text.includes(NUMBERING_PLANS));
      expect(withPlans.map(([url]) => url)).toEqual([]);
      expect(gzipTotal(scripts)).toBeGreaterThan(50_000);
      expect(gzipTotal(scripts)).toBeLessThanOrEqual(STEP_1_JS_BUDGET_BYTES);
    } finally {
      await context.close();
    }
  });

  it('is told apart from a page that takes a mobile number (Log in)', async () => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    try {
      const page = await context.newPage();
      // The code-login form (it takes a mobile number) is preloaded when the browser is idle:
      // its script is waited for, however late that moment comes on a busy machine.
      const plans = page.waitForResponse(
        async (response) =>
          response.request().resourceType() === 'script' &&
          (await response.text()).includes(NUMBERING_PLANS),
        { timeout: 30_000 },
      );
      await page.goto('/login');
      expect((await plans).ok()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
