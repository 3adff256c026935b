import fs from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { CHROMIUM_PATH, launchChromium } from '../../e2e/support/chromium';
import { DEMO, logInWithPassword } from '../../e2e/support/login';
import type { RunningPortal } from '../../e2e/support/server';
import { failed, FIRST_SCREENS, type FirstScreen, type Measure } from '../budgets';
import { LOUNGE_ID, SCREENS } from './first-screens';

/** Throws unless the lounge page shows a lounge; says what it showed. */
async function checkLoungeRenders(portal: RunningPortal, pagePath: string): Promise<string> {
  const response = await fetch(`${portal.baseUrl}/client-api/lounge/list/v2`, {
    method: 'POST',
    headers: { channel: 'ASE', 'content-type': 'application/json' },
    body: JSON.stringify({ airportCode: 'LHR' }),
  });
  const { result } = (await response.json()) as {
    result?: { items?: { id: string; name: string }[] };
  };
  const lounge = result?.items?.find((item) => item.id === LOUNGE_ID);
  if (!lounge) throw new Error(`${LOUNGE_ID} is not in the LHR lounge list`);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ baseURL: portal.baseUrl });
    await page.goto(pagePath);
    await page
      .getByRole('heading', { name: lounge.name })
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => {
        throw new Error(`${pagePath} does not show the heading "${lounge.name}"`);
      });
    return `shows the lounge "${lounge.name}"`;
  } finally {
    await browser.close();
  }
}

interface Page {
  screen: FirstScreen;
  path: string;
  /** Throws unless the page shows what it is measured for; says what it showed. */
  check?: (portal: RunningPortal, path: string) => Promise<string>;
  /**
   * A member's page: the demo member logs in first, in Lighthouse's own browser, and the run
   * keeps that login but nothing else (caches, service worker): a member's first visit.
   */
  member?: { heading: string };
}

const PAGES: Page[] = FIRST_SCREENS.map((screen) => ({
  screen,
  path: SCREENS[screen].path,
  ...(screen === 'lounge page' ? { check: checkLoungeRenders } : {}),
  ...(SCREENS[screen].member ? { member: { heading: String(SCREENS[screen].heading) } } : {}),
}));

/** The gated figures of a page that could not be measured, each failed for `reason`. */
const pageFailed = (page: Page, reason: string): Measure[] => [
  failed(`Lighthouse layout shift (CLS): ${page.screen}`, reason),
  failed(`Lighthouse render-blocking requests: ${page.screen}`, reason),
  failed(`Lighthouse accessibility: ${page.screen}`, reason),
];

/** A page of Lighthouse's browser, through which the member logs in and its data is cleared. */
interface MemberBrowser {
  browser: Browser;
  cdp: CDPSession;
}

/**
 * Logs the demo member in at `pagePath` (the portal asks for the login and comes back), in the
 * browser Lighthouse drives, and checks the page then shows its heading.
 */
async function logInMember(
  port: number,
  portal: RunningPortal,
  page: Page,
): Promise<{ member: MemberBrowser; shows: string }> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error('the browser has no default context');
  const tab = await context.newPage();
  // The desktop layout, where the login helper finds the account menu in the header.
  await tab.setViewportSize({ width: 1280, height: 900 });
  await tab.goto(`${portal.baseUrl}${page.path}`);
  await tab.getByRole('heading', { name: 'Log in', level: 1 }).waitFor({ timeout: 30_000 });
  await logInWithPassword(tab, DEMO.email, DEMO.password);
  const heading = page.member!.heading;
  await tab
    .getByRole('heading', { name: heading, level: 1 })
    .waitFor({ timeout: 30_000 })
    .catch(() => {
      throw new Error(`${page.path} does not show the heading "${heading}" once logged in`);
    });
  // Kept open, blank, for the clearing between runs: nothing of the portal runs beside them.
  await tab.goto('about:blank');
  return {
    member: { browser, cdp: await context.newCDPSession(tab) },
    shows: `shows "${heading}" to the demo member`,
  };
}

/** Everything of the portal's origin but its local storage (the login): a first visit. */
async function clearAllButLogin(member: MemberBrowser, origin: string): Promise<void> {
  await member.cdp.send('Network.clearBrowserCache');
  await member.cdp.send('Storage.clearDataForOrigin', {
    origin,
    storageTypes: 'cookies,indexeddb,cache_storage,service_workers,file_systems,websql',
  });
}

/** Every scored audit of the category that did not get full marks. */
function failingAudits(lhr: LighthouseResult, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
    .map(
      (audit) =>
        `${audit!.id} "${audit!.title}": score ${audit!.score}` +
        (audit!.displayValue ? `, ${audit!.displayValue}` : ''),
    );
}

/** The requests that held the first paint back, by address (Lighthouse's render-blocking insight). */
function renderBlocking(lhr: LighthouseResult): string[] {
  const details = lhr.audits['render-blocking-insight']?.details as
    { items?: { url?: string }[] } | undefined;
  return (details?.items ?? []).map((item) => item.url ?? '?');
}

const score = (lhr: LighthouseResult, category: string) =>
  Math.round((lhr.categories[category]?.score ?? Number.NaN) * 100);

/**
 * Lighthouse sometimes fails to record its trace (NO_NAVSTART, seen once in CI in about twenty
 * runs): such a run measured nothing, so it is run again, up to ATTEMPTS times; a page that
 * cannot be measured in any of them fails.
 */
const ATTEMPTS = 3;

async function auditWithRetries(
  url: string,
  port: number,
  member?: MemberBrowser,
): Promise<{ lhr: LighthouseResult; html: string }> {
  const errors: string[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (member) await clearAllButLogin(member, new URL(url).origin);
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'html',
      onlyCategories: ['performance', 'accessibility'],
      // A member's page keeps the login (cleared above of everything else).
      ...(member ? { disableStorageReset: true } : {}),
    });
    if (!result) errors.push('Lighthouse returned no result');
    else if (result.lhr.runtimeError)
      errors.push(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message ?? ''}`);
    else return { lhr: result.lhr, html: String(result.report) };
    console.log(`  Lighthouse attempt ${attempt} of ${ATTEMPTS} failed: ${errors.at(-1)}`);
  }
  throw new Error(errors.join(' / '));
}

/**
 * Lighthouse's default (mobile, simulated throttling) in Debian's Chromium, one run for a first
 * visit of each first screen on the running portal: layout shift, render-blocking requests and
 * accessibility are gated; the performance score, which follows the machine's speed, is printed.
 */
export async function benchLighthouse(
  portal: RunningPortal,
  resultsDir: string,
): Promise<Measure[]> {
  let chrome: chromeLauncher.LaunchedChrome;
  try {
    // chrome-launcher does not catch a failed spawn: the process would die of it.
    await fs.access(CHROMIUM_PATH, fs.constants.X_OK);
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      logLevel: 'silent',
    });
  } catch (err) {
    const reason = `Lighthouse cannot run: Chromium (${CHROMIUM_PATH}) did not start: ${(err as Error).message}`;
    return PAGES.flatMap((p) => pageFailed(p, reason));
  }
  try {
    const measures: Measure[] = [];
    for (const page of PAGES) {
      let run: { lhr: LighthouseResult; html: string };
      let shows = '';
      let member: MemberBrowser | undefined;
      try {
        shows = (await page.check?.(portal, page.path)) ?? '';
        if (page.member) ({ member, shows } = await logInMember(chrome.port, portal, page));
        run = await auditWithRetries(`${portal.baseUrl}${page.path}`, chrome.port, member);
      } catch (err) {
        const reason = `${page.path}: ${(err as Error).message}`;
        measures.push(...pageFailed(page, reason));
        continue;
      } finally {
        // Disconnects (the browser is Lighthouse's, closed below).
        await member?.browser.close();
      }
      const { lhr, html } = run;
      const file = path.join(resultsDir, `lighthouse-${page.screen.replace(/\W+/g, '-')}`);
      await fs.writeFile(`${file}.json`, JSON.stringify(lhr));
      await fs.writeFile(`${file}.html`, html);
      const warnings =
        lhr.runWarnings.length > 0 ? ` (warnings: ${lhr.runWarnings.join('; ')})` : '';
      const blocking = renderBlocking(lhr);
      measures.push(
        {
          name: `Lighthouse performance: ${page.screen}` as const,
          value: score(lhr, 'performance'),
          note: `printed, never gated: it follows the machine's speed${warnings}`,
          details: failingAudits(lhr, 'performance'),
        },
        {
          name: `Lighthouse accessibility: ${page.screen}` as const,
          value: score(lhr, 'accessibility'),
          note: shows,
          details: failingAudits(lhr, 'accessibility'),
        },
        {
          name: `Lighthouse layout shift (CLS): ${page.screen}` as const,
          value: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        },
        {
          name: `Lighthouse render-blocking requests: ${page.screen}` as const,
          value: blocking.length,
          ...(blocking.length > 0 ? { note: blocking.join(', ') } : {}),
        },
      );
    }
    return measures;
  } finally {
    chrome.kill();
  }
}
