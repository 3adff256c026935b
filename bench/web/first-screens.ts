import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../../e2e/support/chromium';
import { gzipTotal, screenLoaded } from '../../e2e/support/home-js';
import { DEMO, logInWithPassword } from '../../e2e/support/login';
import type { RunningPortal } from '../../e2e/support/server';
import { failed, type FirstScreen, type Measure } from '../budgets';

export const LOUNGE_ID = 'LHR-LNG-1';

/** Each first screen: its address, and the heading that shows it is the page it should be. */
export const SCREENS: Record<
  FirstScreen,
  { path: string; heading: string | RegExp; member?: true }
> = {
  home: { path: '/', heading: /lounge|airport/i },
  'airport page': { path: '/airport-detail?code=LHR', heading: /Heathrow/i },
  'lounge page': { path: `/airport-detail/product?id=${LOUNGE_ID}`, heading: /.+/ },
  'lounge pre-booking step 1': {
    path: `/prebooking/detail?code=${LOUNGE_ID}`,
    heading: 'Lounge Booking Details',
    member: true,
  },
};

/** A phone's viewport: what loads below the fold (lazy images) depends on it. */
const VIEWPORT = { width: 412, height: 823 };

/** The demo member's login, kept as a context's storage: their first visit of a page, logged in. */
async function memberStorage(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    await page.goto(SCREENS['lounge pre-booking step 1'].path);
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor({ timeout: 30_000 });
    await logInWithPassword(page, DEMO.email, DEMO.password);
    await page
      .getByRole('heading', { name: 'Lounge Booking Details', level: 1 })
      .waitFor({ timeout: 30_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * Each first screen opened cold (a new browser context: no cache, no service worker) at a phone's
 * size: the gzipped bytes of its scripts and of its HTML, and the requests it makes until the
 * network is idle. Counts, the same on any machine.
 */
export async function benchFirstScreens(portal: RunningPortal): Promise<Measure[]> {
  const browser = await launchChromium();
  try {
    const member = await memberStorage(browser, portal.baseUrl);
    const measures: Measure[] = [];
    for (const [screen, { path, heading, member: asMember }] of Object.entries(SCREENS) as [
      FirstScreen,
      (typeof SCREENS)[FirstScreen],
    ][]) {
      let context: BrowserContext | undefined;
      try {
        context = await browser.newContext({
          baseURL: portal.baseUrl,
          viewport: VIEWPORT,
          serviceWorkers: 'block',
          ...(asMember ? { storageState: member } : {}),
        });
        const page = await context.newPage();
        const load = await screenLoaded(page, path, (shown) =>
          shown
            .getByRole('heading', { name: heading, level: 1 })
            .first()
            .waitFor({ timeout: 15_000 })
            .catch(() => {
              throw new Error(`${path} does not show its heading (${String(heading)})`);
            }),
        );
        measures.push(
          {
            name: `first screen JavaScript gzip bytes: ${screen}` as const,
            value: gzipTotal(load.scripts),
            note: `${load.scripts.size} scripts`,
          },
          { name: `first screen HTML gzip bytes: ${screen}` as const, value: load.htmlGzipBytes },
          { name: `first screen requests until idle: ${screen}` as const, value: load.requests },
        );
      } catch (err) {
        measures.push(
          failed(`first screen JavaScript gzip bytes: ${screen}`, err),
          failed(`first screen HTML gzip bytes: ${screen}`, err),
          failed(`first screen requests until idle: ${screen}`, err),
        );
      } finally {
        await context?.close();
      }
    }
    return measures;
  } finally {
    await browser.close();
  }
}
