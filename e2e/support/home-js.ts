import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/**
 * The home page's JavaScript budget (issue 23; React and React DOM alone are ~68 KB), held by
 * `npm test` and the bench alike: about 106 KB since the portal's own router replaced React
 * Router's data router (31 KB), 2026-11-28.
 */
export const HOME_JS_BUDGET_BYTES = 120 * 1024;

/**
 * Every script the home page loads until the network is idle, each gzipped (level 9), summed:
 * what a first visit downloads. Used by `npm run bench` and by the quick check in `npm test`.
 */
export async function measureHomeJs(browser: Browser, baseUrl: string): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    const scripts = new Map<string, number>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response
          .body()
          .then((body) => void scripts.set(response.url(), gzipSync(body, { level: 9 }).length))
          .catch(() => undefined),
      );
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // Idle-time preloads start after the first paint: give them their moment.
    await page.waitForTimeout(500);
    await Promise.all(pending);
    return [...scripts.values()].reduce((a, b) => a + b, 0);
  } finally {
    await context.close();
  }
}
