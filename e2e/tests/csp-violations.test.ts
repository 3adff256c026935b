import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../support/browser';

/*
 * The pages' CSP allows no eval. Zod probed `new Function` when a page made its first schema
 * (its forms' rules): the browser reported each probe as a CSP violation.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Pages whose code makes and parses the contract's schemas (forms), and the home page. */
const PAGES = ['/', '/login', '/sign-up', '/contact-us', '/airport-detail/product?id=LHR-LNG-1'];

describe("finding: zod's Function probe violates the page's CSP", () => {
  it('reports no CSP violation on pages that make and use schemas', async () => {
    const { context, page } = await openPage(browser, '/');
    await context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}`);
      });
    });
    const console: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) console.push(message.text());
    });

    const violations: string[] = [];
    for (const path of PAGES) {
      await page.goto(path, { waitUntil: 'networkidle' });
      // A form's rules run when it is submitted empty: the schemas parse at least once.
      const submit = page.locator('main form button[type="submit"]').first();
      if (await submit.isVisible()) await submit.click();
      // Violation events are queued as tasks: two frames later they have all been dispatched.
      await page.evaluate(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(null))),
          ),
      );
      const seen = await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      violations.push(...seen.map((v) => `${path}: ${v}`));
    }
    expect(violations).toEqual([]);
    expect(console).toEqual([]);
    await context.close();
  });
});
