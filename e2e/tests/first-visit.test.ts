import { FIRST_SCREEN_CONFIG_ELEMENT, ISSUERS } from '@portal/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoA11yViolations, launchBrowser, openPage } from '../support/browser';
import { tabTo } from '../support/keyboard';
import { DEMO, logInWithPassword } from '../support/login';

/*
 * What a new cardholder tripped over on a first walk through the portal (issue 21), each as the
 * browser shows it: button colours in every state and theme, where a new page starts and where
 * focus goes, one first-visit interruption at a time, changing cookie consent later, the vm
 * channel's way to its contact details, and the unknown path's dialog.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The focused element: its tag, and its text or name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName ?? '', text: (el?.textContent ?? '').trim() };
  });

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * The WCAG contrast of an element's text on its background as rendered now: the element's own
 * background, or the nearest ancestor's that is a flat colour. Null where a gradient or image is
 * behind the text (no one number says how it reads).
 */
function contrastOf(locator: Locator): Promise<number | null> {
  return locator.evaluate((el) => {
    const parse = (css: string) => {
      const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(css);
      if (!m) throw new Error(`not an rgb colour: ${css}`);
      return { rgb: [m[1], m[2], m[3]].map(Number), alpha: m[4] === undefined ? 1 : Number(m[4]) };
    };
    const luminance = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let background: number[] | null = null;
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage !== 'none') return null;
      const colour = parse(style.backgroundColor);
      if (colour.alpha === 1) {
        background = colour.rgb;
        break;
      }
      if (colour.alpha > 0) return null;
    }
    const text = parse(getComputedStyle(el).color).rgb;
    const [hi, lo] = [luminance(text), luminance(background ?? [255, 255, 255])].sort(
      (a, b) => b - a,
    ) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  });
}

describe('buttons in every state and theme (issue 21 item 1)', () => {
  it.each(ISSUERS.filter((issuer) => issuer !== 'vm'))(
    'keeps every button readable at rest, hovered, focused and pressed in the %s theme',
    async (issuer) => {
      // A first visit past the notice: the banner's Register, the cookie banner's buttons and
      // the header's Log In are all on the page.
      const { context, page } = await openPage(browser, `/?issuer=${issuer}`);
      await page.getByRole('region', { name: 'Cookies on this website' }).waitFor();
      // Colours are read as they end, not part way through a transition.
      await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important }' });
      const buttons = page.locator('.button:visible');
      const count = await buttons.count();
      expect(count).toBeGreaterThanOrEqual(5);
      const failures: string[] = [];
      for (let i = 0; i < count; i++) {
        const button = buttons.nth(i);
        const name = ((await button.textContent()) ?? '').trim();
        const check = async (state: string) => {
          const ratio = await contrastOf(button);
          if (ratio !== null && ratio < 4.5) failures.push(`${name} ${state}: ${ratio.toFixed(2)}`);
        };
        await check('at rest');
        await button.hover();
        await check('hovered');
        // Pressed: the mouse goes down on it and leaves before it is released (no click).
        await page.mouse.down();
        await check('pressed');
        await page.mouse.move(0, 0);
        await page.mouse.up();
        await button.focus();
        await check('focused');
        await button.blur();
      }
      expect(failures).toEqual([]);
      expect(await page.getByRole('link', { name: 'Register' }).first().isVisible()).toBe(true);
      await context.close();
    },
    60_000,
  );
});

describe('where a new page starts (issue 21 item 2)', () => {
  it('opens a page loaded after a scrolled one at the top, and a followed link too', async () => {
    const { context, page } = await openPage(browser, '/faqs', { cookiesAnswered: true });
    await page.locator('main summary').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    const before = await scrollY(page);

    // Another URL loaded in the same tab (typed, bookmarked): the top, not the old position.
    await page.goto('/airport/LHR', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await scrollY(page)).toBe(0);
    await page.goto('/faqs', { waitUntil: 'networkidle' });
    await page.locator('main summary').first().waitFor();
    expect(await scrollY(page)).toBe(0);

    // A link followed from part way down: the new page at its top, focus on its heading.
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    const scrolled = await scrollY(page);
    // Dispatched, not clicked: a click would first scroll the footer into view.
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Contact Us' })
      .dispatchEvent('click');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    expect(await scrollY(page)).toBe(0);
    await expect.poll(() => focused(page)).toEqual({ tag: 'H1', text: 'Contact Us' });

    // Back: where the reader was.
    await page.goBack();
    await page.locator('main summary').first().waitFor();
    await expect.poll(() => scrollY(page)).toBe(scrolled);
    expect(before).toBeGreaterThan(0);
    await context.close();
  });

  it('moves focus to the heading of a page whose code loads on the way', async () => {
    const { context, page } = await openPage(browser, '/', { cookiesAnswered: true });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'FAQs' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Help & FAQs' }).waitFor();
    await expect.poll(() => focused(page)).toEqual({ tag: 'H1', text: 'Help & FAQs' });
    // The next Tab goes on into the page, not back to the top of the document.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    await context.close();
  });
});

describe('the first visit (issue 21 item 5)', () => {
  it('shows the notice alone with focus on its button, then the cookie banner', async () => {
    const { context, page } = await openPage(browser, '/', { showNotice: true });
    const notice = page.getByRole('dialog', { name: 'Important notice' });
    await notice.waitFor();
    const banner = page.getByRole('region', { name: 'Cookies on this website' });
    expect(await banner.count()).toBe(0);
    await expect.poll(() => focused(page)).toEqual({ tag: 'BUTTON', text: 'I understand' });
    await expectNoA11yViolations(page);

    // Enter closes the notice; it does not follow the visa link away.
    await page.keyboard.press('Enter');
    await notice.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    await banner.waitFor();
    await expectNoA11yViolations(page);
    await context.close();
  });
});

describe('the first screen, before the page has come (issue 23)', () => {
  /** The scripts the HTML itself loads: everything else is a page's code. */
  async function firstLoadScripts(): Promise<Set<string>> {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    return new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  }

  it("paints the HTML's first screen before any of the app's code runs", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    // One script to run, the start (beside it, the channel's configuration, a JSON data block
    // the browser does not run); the entry and its chunks preloaded, at low priority.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toEqual([
      expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/start-[^"]+\.js">$/),
      `<script type="application/json" id="${FIRST_SCREEN_CONFIG_ELEMENT}" data-issuer="default">`,
    ]);
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
    expect(preloads.length).toBeGreaterThan(1);
    for (const preload of preloads) expect(preload).toContain('fetchpriority="low"');

    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-GB' });
    try {
      // The entry's first act is to mark the page with its issuer: the time it does so.
      await context.addInitScript(() => {
        // (The document has no element yet when this runs: the document itself is observed.)
        new MutationObserver((_, observer) => {
          if (!document.documentElement.dataset.issuer) return;
          (window as unknown as { appStart: number }).appStart = performance.now();
          observer.disconnect();
        }).observe(document, { subtree: true, attributeFilter: ['data-issuer'] });
      });
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const { appStart, firstPaint } = await page.evaluate(() => ({
        appStart: (window as unknown as { appStart?: number }).appStart,
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      }));
      expect(firstPaint).toBeGreaterThan(0);
      expect(appStart).toBeGreaterThan(firstPaint!);
    } finally {
      await context.close();
    }
  });

  it("says on the first screen that the page could not be loaded when the app's code does not come", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    // The entry: the first script preloaded, right after the start script.
    const entry = /<link rel="modulepreload"[^>]* href="([^"]+)">/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-[^/]+\.js$/);
    const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-GB' });
    try {
      await context.route(`**${entry!}`, (route) => route.abort('internetdisconnected'));
      const page = await context.newPage();
      await page.goto('/faqs');
      await page
        .getByRole('alert')
        .filter({ hasText: 'We could not load the page. Check your connection, then reload' })
        .waitFor();
      expect(await page.getByRole('status').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it.each(['default', 'natwest'])(
    'shows the cookie banner and the loading bar at once, then the page with the banner in place, without a shift (%s theme)',
    async (issuer) => {
      const initial = await firstLoadScripts();
      expect(initial.size).toBeGreaterThan(0);
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: 412, height: 823 },
        locale: 'en-GB',
      });
      // The page's code is held back until the first screen has been checked.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await context.route(/\/assets\/[^/?]+\.js$/, async (route) => {
        if (!initial.has(new URL(route.request().url()).pathname)) await released;
        await route.continue();
      });
      // The page's questions are held too: the shift measured is the first screen's giving way
      // to the page, not the page's own as its content arrives.
      await context.route('**/client-api/faq/list', () => undefined);
      await context.addInitScript(() => {
        const w = window as unknown as { layoutShift: number };
        w.layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) w.layoutShift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      try {
        const page = await context.newPage();
        await page.goto(issuer === 'default' ? '/faqs' : `/faqs?issuer=${issuer}`, {
          waitUntil: 'commit',
        });
        const banner = page.getByRole('region', { name: 'Cookies on this website' });
        await banner.waitFor();
        await page.getByRole('progressbar', { name: 'Loading the page' }).waitFor();
        expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.dataset.issuer)).toBe(issuer);
        // Every rule but best practice's "a page has a heading": this is no page yet, only the
        // loading bar, until the page's own heading comes.
        await expectNoA11yViolations(page, { except: ['page-has-heading-one'] });
        const before = await banner.boundingBox();

        release();
        await page.getByRole('heading', { level: 1, name: 'Help & FAQs' }).waitFor();
        expect(await banner.count()).toBe(1);
        expect(await banner.boundingBox()).toEqual(before);
        expect(
          await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift),
        ).toBeLessThanOrEqual(0.01);
      } finally {
        release();
        await context.close();
      }
    },
  );
});

describe('cookie consent later (issue 21 item 6)', () => {
  it('reopens the preferences from Cookie settings in the footer, by keyboard', async () => {
    const { context, page } = await openPage(browser, '/faqs', { cookiesAnswered: true });
    await page.locator('main summary').first().waitFor();
    expect(await page.getByRole('region', { name: 'Cookies on this website' }).count()).toBe(0);
    await tabTo(page, 'Cookie settings');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    await dialog.waitFor();
    expect(await dialog.textContent()).not.toContain('clearing cookies');
    await expectNoA11yViolations(page);
    const analytics = dialog.getByRole('switch', { name: 'Analytics cookies' });
    expect(await analytics.getAttribute('aria-checked')).toBe('false');
    await analytics.focus();
    await page.keyboard.press('Space');
    await dialog.getByRole('button', { name: 'Save preferences' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const stored = await page.evaluate(() => localStorage.getItem('COOKBANNER'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ consent: 'accepted', analytics: true });
    await expect.poll(() => focused(page)).toEqual({ tag: 'BUTTON', text: 'Cookie settings' });
    await context.close();
  });
});

describe('the vm channel (issue 21 item 8)', () => {
  it('gives vm users the contact details the notice promises, with no way back to it', async () => {
    const { context, page } = await openPage(browser, '/?issuer=vm', { cookiesAnswered: true });
    await page.getByRole('heading', { level: 1, name: 'Customer notice' }).waitFor();
    await page.getByRole('link', { name: 'Contact Us' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    const main = page.getByRole('main');
    const mailbox = main.getByRole('link', { name: /@/ });
    await mailbox.waitFor();
    expect(await mailbox.getAttribute('href')).toMatch(/^mailto:[^@]+@[^@]+$/);
    expect(await main.getByRole('link', { name: /^0|\+44/ }).count()).toBe(1);
    // Every link on the page leaves it for the phone or the mailbox: none leads to the notice.
    const internal = await main
      .locator('a[href]')
      .evaluateAll((links) =>
        links.map((a) => a.getAttribute('href') ?? '').filter((href) => href.startsWith('/')),
      );
    expect(internal).toEqual([]);
    await expectNoA11yViolations(page);
    await context.close();
  });
});

describe('an unknown path (issue 21 item 11)', () => {
  it('shows the server-error dialog without a retry, and its link goes home', async () => {
    const { context, page } = await openPage(browser, '/no-such-page', { cookiesAnswered: true });
    const dialog = page.getByRole('alertdialog', { name: 'Something went wrong' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('We could not find the page you asked for.');
    expect(await dialog.getByRole('button', { name: /try again/i }).count()).toBe(0);
    await expectNoA11yViolations(page);
    await dialog.getByRole('link', { name: 'Go to the home page' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { level: 1, name: /airport lounges/i }).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await context.close();
  });
});

describe('the small ones (issue 21 item 10)', () => {
  const PHONE = { width: 390, height: 844 };

  it('on a phone, folds the filters so the first lounge is on the first screen', async () => {
    const { context, page } = await openPage(browser, '/airport-detail?code=LHR', {
      cookiesAnswered: true,
      viewport: PHONE,
    });
    const first = page.locator('.product-card').first();
    await first.waitFor();
    const top = await first.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(top).toBeLessThan(PHONE.height);
    // Found by its place, not its name: the name changes with the count.
    const toggle = page.locator('.filters-panel__toggle');
    expect(await toggle.textContent()).toBe('Filters');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const form = page.getByRole('form', { name: 'Filters' });
    await form.waitFor();
    // Every checkbox keeps its size, however its label wraps.
    const sizes = await form
      .locator('input[type=checkbox]')
      .evaluateAll((boxes) =>
        boxes.map(
          (box) => `${box.getBoundingClientRect().width}x${box.getBoundingClientRect().height}`,
        ),
      );
    expect(sizes.length).toBeGreaterThan(3);
    expect(new Set(sizes)).toEqual(new Set(['20x20']));
    await form.getByRole('checkbox', { name: 'Open now' }).check();
    await expect.poll(() => toggle.textContent()).toBe('Filters (1 set)');
    await expectNoA11yViolations(page);
    await context.close();
  });

  it('keeps the tabs still when their counts arrive', async () => {
    const { context, page } = await openPage(browser, '/', { cookiesAnswered: true });
    // The counts answer late, so the tabs are seen before and after them.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/airport/product/filter', async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => {
      window.history.pushState({}, '', '/airport-detail?code=LHR');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    const places = () =>
      tabs.evaluateAll((all) => all.map((tab) => Math.round(tab.getBoundingClientRect().left)));
    const before = await places();
    release();
    await expect.poll(() => tabs.first().textContent()).toMatch(/^Lounges \(\d+\)$/);
    expect(await places()).toEqual(before);
    await context.close();
  });

  it('shows the whole dial code beside the mobile number, on a desktop and a phone', async () => {
    const { context, page } = await openPage(browser, '/login?redirect=%2Faccount%2Fprofile', {
      cookiesAnswered: true,
    });
    await logInWithPassword(page, DEMO.email, DEMO.password);
    await page.getByRole('button', { name: 'Edit my details' }).click();
    const select = page.locator('select[name=mobileAreaCode]');
    await select.waitFor();
    await expect
      .poll(() => select.evaluate((s: HTMLSelectElement) => s.options.length))
      .toBeGreaterThan(100);
    for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
      await page.setViewportSize(viewport);
      const fit = await select.evaluate((s: HTMLSelectElement) => {
        const style = getComputedStyle(s);
        const context2d = document.createElement('canvas').getContext('2d')!;
        context2d.font = style.font;
        const text = s.options[s.selectedIndex]?.text ?? '';
        const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
        // The browser's own arrow takes about 20 px beside the text.
        return {
          text,
          need: context2d.measureText(text).width + padding + 20,
          have: s.clientWidth,
        };
      });
      expect(fit.text).toMatch(/\(\+44\)$/);
      expect(fit.have, `${fit.text} at ${viewport.width} px`).toBeGreaterThanOrEqual(fit.need);
    }
    await context.close();
  });
});
