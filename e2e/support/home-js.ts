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

/** How long the network must stay quiet (no request started, none in flight) to count as idle. */
const QUIET_MS = 500;
/** How long a page may take to fall quiet before it counts as a failure. */
const QUIET_LIMIT_MS = 30_000;

/**
 * What `page` loads going to `path` until it is idle: shown (`ready`, when given), the app's
 * idle-time preloads made (the dialogs every page may need, the next form), and the network
 * quiet since.
 */
export async function screenLoaded(
  page: Page,
  path: string,
  ready?: (page: Page) => Promise<void>,
): Promise<ScreenLoad> {
  const pending: Promise<void>[] = [];
  const scripts = new Map<string, LoadedScript>();
  let requests = 0;
  let inFlight = 0;
  let lastEvent = Date.now();
  let htmlGzipBytes = 0;
  const onRequest = () => {
    requests += 1;
    inFlight += 1;
    lastEvent = Date.now();
  };
  const onDone = () => {
    inFlight -= 1;
    lastEvent = Date.now();
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
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  page.on('response', onResponse);
  try {
    await page.goto(path, { waitUntil: 'networkidle' });
    await ready?.(page);
    // The app queues its idle-time preloads as it first renders: once an idle callback of ours
    // has run, theirs have too, however busy the machine; then the network is waited quiet.
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
    const deadline = Date.now() + QUIET_LIMIT_MS;
    while (inFlight > 0 || Date.now() - lastEvent < QUIET_MS) {
      if (Date.now() > deadline)
        throw new Error(`${path}: the network was not quiet within ${QUIET_LIMIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(pending);
    return { scripts, htmlGzipBytes, requests };
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
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
