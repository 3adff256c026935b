import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';

/**
 * The home page's JavaScript budget (React and React DOM alone are ~68 KB), held by `npm test`
 * and the bench alike.
 */
export const HOME_JS_BUDGET_BYTES = 120 * 1024;

/** A script a page loaded: its text, and its size gzipped (level 9). */
export interface LoadedScript {
  text: string;
  gzipBytes: number;
}

/** What a first screen loaded until the network was idle. */
export interface ScreenLoad {
  /** Every script, by address. */
  scripts: Map<string, LoadedScript>;
  /** The page's own HTML, gzipped (level 9). */
  htmlGzipBytes: number;
  /** Every request the page made (the document, scripts, styles, images, API calls…). */
  requests: number;
}

/**
 * What `page` loads going to `path` until the network is idle (and the idle-time preloads after
 * the first paint have had their moment).
 */
export async function screenLoaded(page: Page, path: string): Promise<ScreenLoad> {
  const pending: Promise<void>[] = [];
  const scripts = new Map<string, LoadedScript>();
  let requests = 0;
  let htmlGzipBytes = 0;
  const onRequest = () => {
    requests += 1;
  };
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'document') return;
    pending.push(
      response
        .body()
        .then((body) => {
          const gzipBytes = gzipSync(body, { level: 9 }).length;
          if (type === 'document') htmlGzipBytes += gzipBytes;
          else scripts.set(response.url(), { text: body.toString('utf8'), gzipBytes });
        })
        .catch(() => undefined),
    );
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  try {
    await page.goto(path, { waitUntil: 'networkidle' });
    // Idle-time preloads start after the first paint: give them their moment.
    await page.waitForTimeout(500);
    await Promise.all(pending);
    return { scripts, htmlGzipBytes, requests };
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
  }
}

/** Every script `page` loads going to `path` until the network is idle, by address. */
export async function scriptsLoaded(page: Page, path: string): Promise<Map<string, LoadedScript>> {
  return (await screenLoaded(page, path)).scripts;
}

/** The scripts' gzipped bytes, summed: what a first visit downloads. */
export const gzipTotal = (scripts: Map<string, LoadedScript>): number =>
  [...scripts.values()].reduce((sum, s) => sum + s.gzipBytes, 0);

/**
 * Every script the home page loads until the network is idle, each gzipped (level 9), summed:
 * what a first visit downloads. Used by `npm run bench` and by the quick check in `npm test`.
 */
export async function measureHomeJs(browser: Browser, baseUrl: string): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    return gzipTotal(await scriptsLoaded(await context.newPage(), '/'));
  } finally {
    await context.close();
  }
}
