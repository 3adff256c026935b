import fs from 'node:fs';
import {
  calls,
  FIRST_SCREEN_CONFIG_ELEMENT,
  type Facility,
  type ProductSummary,
} from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  expectNoA11yViolations,
  launchBrowser,
  openPage,
  screenshot,
} from '../support/browser';
import { callPortal } from '../support/portal-api';
import { PUBLIC_CONTENT_ROUTES } from '../support/routes';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** A facility's name on the page (the airports feature's texts). */
function facilityLabel(facility: Facility): string {
  const texts = JSON.parse(
    fs.readFileSync(
      new URL('../../apps/web/src/features/airports/locales/en-GB.json', import.meta.url),
      'utf8',
    ),
  ) as { facility: Record<Facility, string> };
  return texts.facility[facility];
}

/**
 * Home has drawn what the channel's configuration gives it (its app section comes with the
 * configuration, in the same render as the one-time notice and the maintenance ribbon would):
 * from here on, either is shown or it is not coming. A positive signal, not a wait.
 */
async function configShown(page: Page) {
  await page.getByRole('heading', { name: 'Take your membership with you' }).waitFor();
}

async function searchFor(page: Page, text: string) {
  const box = page.getByRole('combobox', { name: 'Find an airport' });
  await box.fill('');
  await box.pressSequentially(text, { delay: 20 });
  const options = page.getByRole('listbox', { name: 'Airports' }).getByRole('option');
  await options.first().waitFor();
  return options;
}

async function pickAirport(page: Page, text: string, iata: string) {
  const options = await searchFor(page, text);
  await options.filter({ hasText: iata }).first().click();
  await page.waitForURL(new RegExp(`/airport-detail\\?code=${iata}`));
}

describe('a visitor finds a lounge', () => {
  it('types "lon" and sees London airports, LHR among the first', async () => {
    const { context, page } = await openPage(browser, '/');
    const options = await searchFor(page, 'lon');
    const firstThree = await options.evaluateAll((els) =>
      els.slice(0, 3).map((e) => e.textContent ?? ''),
    );
    expect(firstThree.some((t) => t.includes('LHR'))).toBe(true);
    expect(firstThree.join(' ')).toContain('London');
    await screenshot(page, 'home-search-lon');
    await context.close();
  });

  it('picks LHR, sees its lounges, opens one: hours, facilities and conditions', async () => {
    const { context, page } = await openPage(browser, '/');
    await pickAirport(page, 'LHR', 'LHR');
    await page.getByRole('tablist', { name: 'Offers at this airport' }).waitFor();
    const loungesTab = page.getByRole('tab', { name: /^Lounges/ });
    expect(await loungesTab.getAttribute('aria-selected')).toBe('true');
    const panel = page.getByRole('tabpanel');
    const firstLounge = panel
      .getByRole('link')
      .filter({ hasText: /lounge/i })
      .first();
    await firstLounge.waitFor();
    await firstLounge.click();
    await page.waitForURL(/\/airport-detail\/product\?/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const table = page.getByRole('table').filter({ hasText: 'Opening hours' });
    await table.waitFor();
    expect(await table.textContent()).toMatch(/Monday/);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toMatch(/Facilities/i);
    expect(text).toMatch(/maximum stay|max(imum)? stay/i);
    expect(text).toMatch(/children/i);
    expect(text).toMatch(/dress code/i);
    expect(await page.getByRole('link', { name: 'Pre-book' }).count()).toBe(1);
    await screenshot(page, 'lounge-detail');
    await expectNoA11yViolations(page);
    await context.close();
  });

  it('filters the lounges by what is open now and by facility', async () => {
    // An airport where, at this moment, some lounges are open and some closed (somewhere it is
    // night): the catalogue says which, and the page must agree.
    const airports = await callPortal(calls.airportListV2, {});
    let mixed: { code: string; open: ProductSummary[]; closed: ProductSummary[] } | undefined;
    for (const airport of airports) {
      const { items, total } = await callPortal(calls.loungeList, {
        airportCode: airport.iataCode,
        pageSize: 20,
      });
      const open = items.filter((l) => l.openNow);
      const closed = items.filter((l) => !l.openNow);
      if (total <= 20 && open.length > 1 && closed.length > 0) {
        mixed = { code: airport.iataCode, open, closed };
        break;
      }
    }
    if (!mixed) throw new Error('no airport has lounges both open and closed now');

    const { context, page } = await openPage(browser, `/airport-detail?code=${mixed.code}`);
    await page.getByRole('tab', { name: /^Lounges/ }).waitFor();
    const panel = page.getByRole('tabpanel');
    const names = () => panel.getByRole('heading', { level: 3 }).allTextContents();
    await panel.getByRole('heading', { level: 3 }).first().waitFor();
    const nameList = (lounges: ProductSummary[]) => lounges.map((l) => l.name).sort();
    expect((await names()).sort()).toEqual(nameList([...mixed.open, ...mixed.closed]));

    await page.getByRole('checkbox', { name: 'Open now' }).check();
    await expect.poll(async () => (await names()).sort()).toEqual(nameList(mixed.open));
    for (const closed of mixed.closed) expect(await names()).not.toContain(closed.name);
    expect(await panel.getByText('Closed now').count()).toBe(0);

    // And by facility: one that some of the open lounges have and, where possible, not all.
    const offered = [...new Set(mixed.open.flatMap((l) => l.facilities))];
    const facility =
      offered.find((f) => mixed.open.some((l) => !l.facilities.includes(f))) ?? offered[0];
    if (!facility) throw new Error(`no facility at the open lounges of ${mixed.code}`);
    const label = facilityLabel(facility);
    await page.getByRole('checkbox', { name: label, exact: true }).check();
    await expect
      .poll(async () => (await names()).sort())
      .toEqual(nameList(mixed.open.filter((l) => l.facilities.includes(facility))));
    await context.close();
  });

  it('remembers the last 5 airports picked, across a reload', async () => {
    const { context, page } = await openPage(browser, '/');
    const picks = [
      ['Manchester', 'MAN'],
      ['Edinburgh', 'EDI'],
      ['Dubai', 'DXB'],
      ['JFK', 'JFK'],
      ['Gatwick', 'LGW'],
      ['Heathrow', 'LHR'],
    ];
    for (const [text, iata] of picks) {
      await page.goto('/', { waitUntil: 'networkidle' });
      await pickAirport(page, text!, iata!);
    }
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.reload({ waitUntil: 'networkidle' });
    const recent = page.getByRole('navigation', { name: 'Your recent airports' }).getByRole('link');
    const texts = await recent.allTextContents();
    expect(texts).toHaveLength(5);
    const codes = texts.map((t) => /\b(LHR|LGW|JFK|DXB|EDI|MAN)\b/.exec(t)?.[1]);
    expect(codes).toEqual(['LHR', 'LGW', 'JFK', 'DXB', 'EDI']);
    await context.close();
  });

  it('lists airports found for a search, with their offer counts', async () => {
    const { context, page } = await openPage(browser, '/airport-result?keyword=london');
    const results = page.locator('.airport-result');
    await results.first().waitFor();
    await expect.poll(() => page.getByText('Checking what is available…').count()).toBe(0);
    const shown = await results.evaluateAll((items) =>
      items.map((item) => ({
        name: item.querySelector('h3')?.textContent ?? '',
        counts: item.querySelector('.airport-result__counts')?.textContent ?? '',
      })),
    );
    expect(shown.some((r) => r.name.includes('(LHR)'))).toBe(true);
    // Each airport's counts are what its lists in the catalogue hold.
    for (const { name, counts } of shown) {
      const code = /\(([A-Z]{3})\)/.exec(name)?.[1] ?? '';
      const totals = await Promise.all(
        [calls.loungeList, calls.diningList, calls.spaList, calls.fastTrackList].map(
          async (list) => (await callPortal(list, { airportCode: code, pageSize: 1 })).total,
        ),
      );
      const [lounge, dining, spa, fastTrack] = totals as [number, number, number, number];
      const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
      const expected = [
        lounge ? plural(lounge, 'lounge') : null,
        dining ? plural(dining, 'dining offer') : null,
        spa ? plural(spa, 'spa offer') : null,
        fastTrack ? plural(fastTrack, 'fast-track lane') : null,
      ].filter((part) => part !== null);
      expect(counts, name).toBe(
        expected.length > 0 ? expected.join(', ') : 'No lounges or offers at this airport yet',
      );
    }
    await expectNoA11yViolations(page);
    await context.close();
  });
});

describe('cookies', () => {
  const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on this website' });

  for (const [button, label] of [
    ['Accept all cookies', 'accept'],
    ['Only necessary cookies', 'necessary'],
  ] as const) {
    it(`"${button}" hides the banner and is remembered (${label})`, async () => {
      const { context, page } = await openPage(browser, '/');
      await banner(page).waitFor();
      await banner(page).getByRole('button', { name: button }).click();
      await banner(page).waitFor({ state: 'detached' });
      await page.reload({ waitUntil: 'networkidle' });
      expect(await banner(page).count()).toBe(0);
      const stored = await page.evaluate(() => localStorage.getItem('COOKBANNER'));
      expect(stored).toBeTruthy();
      await context.close();
    });
  }

  it('"Manage cookies" saves the analytics choice and hides the banner', async () => {
    const { context, page } = await openPage(browser, '/');
    await banner(page).getByRole('button', { name: 'Manage cookies' }).click();
    const prefs = page.getByRole('dialog', { name: 'Cookie preferences' });
    await prefs.waitFor();
    const analytics = prefs.getByRole('switch', { name: 'Analytics cookies' });
    const was = await analytics.getAttribute('aria-checked');
    await analytics.click();
    expect(await analytics.getAttribute('aria-checked')).not.toBe(was);
    await expectNoA11yViolations(page);
    await prefs.getByRole('button', { name: 'Save preferences' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await page.reload({ waitUntil: 'networkidle' });
    expect(await banner(page).count()).toBe(0);
    await context.close();
  });

  it('does not show the banner on the cookie policy', async () => {
    const { context, page } = await openPage(browser, '/cookie-policy');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await banner(page).count()).toBe(0);
    await context.close();
  });
});

describe('issuer variants and notices', () => {
  it('vm shows only the customer notice, with Contact Us', async () => {
    const { context, page } = await openPage(browser, '/?issuer=vm');
    await page.getByRole('heading', { level: 1, name: 'Customer notice' }).waitFor();
    expect(await page.locator('main').textContent()).toMatch(/1 February 2024/);
    expect(await page.getByRole('combobox', { name: 'Find an airport' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Contact Us' }).first().waitFor();
    await screenshot(page, 'vm-notice');
    await expectNoA11yViolations(page);
    await context.close();
  });

  it('coop: the footer terms open a modal list per card type', async () => {
    const { context, page } = await openPage(browser, '/?issuer=coop');
    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: 'Terms and Conditions' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await dialog.waitFor();
    const links = await dialog.getByRole('link').allTextContents();
    expect(links.join(' ')).toContain('Platinum Credit Card');
    expect(links.join(' ')).toContain('Premier Account');
    expect(await dialog.getByRole('link').first().getAttribute('target')).toBe('_blank');
    await expectNoA11yViolations(page);
    await context.close();
  });

  it('barclays: the footer terms open the terms modal', async () => {
    const { context, page } = await openPage(browser, '/?issuer=barclays');
    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: 'Terms and Conditions' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Travel Pack/);
    await context.close();
  });

  it('natwest: the footer terms link straight to the first terms, in a new tab', async () => {
    const { context, page } = await openPage(browser, '/?issuer=natwest');
    const link = page.getByRole('contentinfo').getByRole('link', { name: /Terms and Conditions/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toContain('/terms-and-conditions?issuer=natwest');
    await context.close();
  });

  it("the first screen's configuration comes in the page: no call for it, unless the tab's issuer is another", async () => {
    const { context, page } = await openPage(browser, '/?issuer=natwest');
    const configCalls: string[] = [];
    // Each call's end too, for the message when the count is not the one expected (on a busy
    // machine the call was once cancelled and asked again: get-agent-config.ts).
    const answers: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(calls.agentConfigV3.path)) configCalls.push(request.url());
    });
    page.on('response', (response) => {
      if (response.url().includes(calls.agentConfigV3.path))
        answers.push(`${response.status()} ${response.request().postData() ?? ''}`);
    });
    page.on('requestfailed', (request) => {
      if (request.url().includes(calls.agentConfigV3.path))
        answers.push(`failed: ${request.failure()?.errorText}`);
    });
    const banner = page.getByText(/^With your NatWest lounge membership you can relax/);
    await page.reload({ waitUntil: 'networkidle' });
    await banner.waitFor();
    const blockIssuer = await page.evaluate(
      (id) => document.getElementById(id)?.dataset.issuer ?? 'none',
      FIRST_SCREEN_CONFIG_ELEMENT,
    );
    expect(configCalls, `page block: ${blockIssuer}; answers: ${answers.join(', ')}`).toHaveLength(
      0,
    );
    // The tab remembers natwest; the address names no issuer, so the page holds the default's.
    await page.goto('/', { waitUntil: 'networkidle' });
    await banner.waitFor();
    expect(configCalls, `answers: ${answers.join(', ')}`).toHaveLength(1);
    await context.close();
  });

  it('shows the important notice once and remembers it', async () => {
    const { context, page } = await openPage(browser, '/', { showNotice: true });
    const notice = page.getByRole('dialog', { name: 'Important notice' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'I understand' }).click();
    await notice.waitFor({ state: 'hidden' });
    await page.reload({ waitUntil: 'networkidle' });
    await configShown(page);
    expect(await page.getByRole('dialog', { name: 'Important notice' }).count()).toBe(0);
    await context.close();
  });

  it('shows the maintenance ribbon inside its configured window, and it can be closed', async () => {
    const now = Date.now();
    const set = await fetch(`${baseUrl()}/ops-api/maintenance`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        from: new Date(now - 3600_000).toISOString(),
        to: new Date(now + 3600_000).toISOString(),
        message: 'Planned maintenance tonight from 22:00 to 23:00.',
      }),
    });
    expect(set.status).toBe(200);
    try {
      const { context, page } = await openPage(browser, '/');
      const ribbon = page.getByRole('region', { name: 'Planned maintenance' });
      await ribbon.waitFor();
      expect(await ribbon.textContent()).toContain('22:00');
      await ribbon.getByRole('button', { name: 'Close maintenance notice' }).click();
      await ribbon.waitFor({ state: 'detached' });
      await context.close();
    } finally {
      await fetch(`${baseUrl()}/ops-api/maintenance`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clear: true }),
      });
    }
    const { context, page } = await openPage(browser, '/');
    await configShown(page);
    expect(await page.getByRole('region', { name: 'Planned maintenance' }).count()).toBe(0);
    await context.close();
  });
});

describe('accessibility of the public pages', () => {
  for (const issuer of ['default', 'natwest']) {
    for (const path of PUBLIC_CONTENT_ROUTES) {
      it(`${path} (${issuer}) has no axe violations`, async () => {
        const url =
          issuer === 'default' ? path : `${path}${path.includes('?') ? '&' : '?'}issuer=${issuer}`;
        // Past the cookie banner, so each page is checked as a returning visitor sees it; the
        // banner itself is checked on the home page of a first visit below.
        const { context, page } = await openPage(browser, url, { cookiesAnswered: true });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await expectNoA11yViolations(page);
        await context.close();
      });
    }
  }

  it('the home page of a first visit has no axe violations: notice, then cookie banner', async () => {
    const { context, page } = await openPage(browser, '/', { showNotice: true });
    const notice = page.getByRole('dialog', { name: 'Important notice' });
    await notice.waitFor();
    await expectNoA11yViolations(page);
    await notice.getByRole('button', { name: 'I understand' }).click();
    await page.getByRole('region', { name: 'Cookies on this website' }).waitFor();
    await expectNoA11yViolations(page);
    await context.close();
  });
});

describe('FAQs', () => {
  it('searches the questions: shows those that match, hides the rest', async () => {
    const all = await callPortal(calls.faqList, {});
    const matching = await callPortal(calls.faqList, { keyword: 'refund' });
    const other = all.items.find((f) => !matching.items.some((m) => m.id === f.id));
    const refund = matching.items.find((f) => /5 working days/.test(f.answer));
    if (!other || !refund) throw new Error('the FAQs need a refund answer and another question');

    const { context, page } = await openPage(browser, '/faqs');
    const questions = page.locator('main summary');
    await questions.first().waitFor();
    expect(await questions.count()).toBe(all.items.length);
    await expect.poll(() => page.getByText(other.question, { exact: true }).isVisible()).toBe(true);
    // An answer stays folded until its question is opened.
    expect(
      await page
        .getByText(/5 working days/)
        .first()
        .isVisible(),
    ).toBe(false);

    await page.getByRole('searchbox', { name: 'Search the FAQs' }).fill('refund');
    await expect.poll(() => questions.count()).toBe(matching.items.length);
    expect(matching.items.length).toBeLessThan(all.items.length);
    expect(await page.getByText(other.question, { exact: true }).count()).toBe(0);
    expect(await page.getByRole('status').textContent()).toContain(
      `${matching.items.length} question`,
    );

    await page.getByText(refund.question, { exact: true }).click();
    expect(
      await page
        .getByText(/5 working days/)
        .first()
        .isVisible(),
    ).toBe(true);
    await context.close();
  });
});
