import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from '../support/browser';
import { HOME_JS_BUDGET_BYTES, measureHomeJs } from '../support/home-js';

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
