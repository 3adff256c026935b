import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { launchChromium } from './chromium';
import { repoRoot } from './server';

/** The portal of this worker (VITEST_POOL_ID counts the workers from 1). */
function ownPortal() {
  const portals = inject('portals');
  const worker = Math.max(1, Number(process.env.VITEST_POOL_ID ?? 1));
  const portal = portals[(worker - 1) % portals.length];
  if (!portal) throw new Error('the e2e run started no portal');
  return portal;
}

export function baseUrl(): string {
  return ownPortal().baseUrl;
}

/** What this worker's portal printed (stdout and stderr). */
export function serverLogFile(): string {
  return ownPortal().serverLogFile;
}

export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

export interface OpenOptions {
  viewport?: { width: number; height: number };
  /** localStorage values set before the first page script runs. */
  localStorage?: Record<string, string>;
  /** Leave the one-time important notice to show (by default it counts as seen). */
  showNotice?: boolean;
  /** Another running portal than the shared one (e.g. one a test file started for itself). */
  baseUrl?: string;
  /**
   * The client address the portal sees (X-Forwarded-For; the e2e portal trusts loopback
   * proxies), so per-client locks of one test do not reach another.
   */
  clientIp?: string;
  /** The cookie banner already answered (necessary cookies only): a returning visitor. */
  cookiesAnswered?: boolean;
}

/** The visa-service notice opens once on a first visit; most journeys start past it. */
const NOTICE_SEEN = { noticesSeen: JSON.stringify(['visa-service']) };

const cookiesDeclined = () => ({
  COOKBANNER: JSON.stringify({
    consent: 'declined',
    analytics: false,
    expiresAt: Date.now() + 1e10,
  }),
});

/** A fresh context (own storage) and a page at `path` of the running portal. */
export async function openPage(
  browser: Browser,
  pathname: string,
  options: OpenOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: options.baseUrl ?? baseUrl(),
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale: 'en-GB',
    ...(options.clientIp ? { extraHTTPHeaders: { 'x-forwarded-for': options.clientIp } } : {}),
  });
  const initial = {
    ...(options.showNotice ? {} : NOTICE_SEEN),
    ...(options.cookiesAnswered ? cookiesDeclined() : {}),
    ...options.localStorage,
  };
  await context.addInitScript((values: Record<string, string>) => {
    if (sessionStorage.getItem('__e2e_seeded')) return;
    sessionStorage.setItem('__e2e_seeded', '1');
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, initial);
  const page = await context.newPage();
  await page.goto(pathname, { waitUntil: 'networkidle' });
  return { context, page };
}

/**
 * axe-core's source, the version @axe-core/playwright runs (its own dependency), so the rules are
 * the ones this suite has always checked.
 */
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as {
    source: string;
  }
).source;

interface AxeWindow {
  axe?: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core over the whole page, WCAG 2.x A and AA: no violations allowed. `rules` narrows it to
 * those rules (e.g. the colour rules, where only a theme's colours differ from a page checked
 * in full); `except` leaves rules out (a state that is no page, such as the first load's).
 *
 * axe is put in a document once and run there, with what @axe-core/playwright's AxeBuilder would
 * ask of it: that builder injects its 1.3 MB of source again on every check and finishes each
 * run in a new blank page (a11y-all-routes took 542 s in CI on a slow machine, 132 s this way).
 * The portal has no frames, the one thing that way serves.
 */
export async function expectNoA11yViolations(
  page: Page,
  options: { rules?: string[]; except?: string[] } = {},
): Promise<void> {
  const present = await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function');
  if (!present) await page.evaluate(AXE_SOURCE);
  const runOnly = options.rules
    ? { type: 'rule', values: options.rules }
    : {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      };
  const rules = Object.fromEntries((options.except ?? []).map((id) => [id, { enabled: false }]));
  const violations = await page.evaluate(
    async (axeOptions) => {
      const { axe } = window as AxeWindow;
      if (!axe) throw new Error('axe-core is not in the page');
      // Only the violations are read: the other result types keep one node each.
      return (await axe.run(document, { ...axeOptions, resultTypes: ['violations'] })).violations;
    },
    { runOnly, rules },
  );
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, summary.join('\n')).toEqual([]);
}

/** Saves a full-page screenshot under e2e/screenshots/ (ignored by git), for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.join(repoRoot, 'e2e/screenshots');
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
