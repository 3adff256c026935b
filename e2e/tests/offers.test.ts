import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../apps/api/test/pdf-text';
import { expectNoA11yViolations, launchBrowser, openPage } from '../support/browser';
import { tabTo } from '../support/keyboard';
import { DEMO, logInWithPassword } from '../support/login';
import { sentMessages } from '../support/outbox';
import { startPortal, type RunningPortal } from '../support/server';

/*
 * Dining and spa offers (issue 20) against this file's own portal: the demo member redeems a
 * dining offer at Heathrow (NatWest theme) from its page after logging in, sees the code and QR,
 * downloads the PDF (its text holds the code), gets the email; the outlet confirms it through
 * the operator API and the visit shows in usage history. Then a spa offer that spends a pass,
 * by keyboard alone in the default theme. axe on every new screen.
 *
 * The two outlets are imported open around the clock, so the journeys do not depend on the hour
 * CI runs at (a voucher is for the outlet's opening hours today).
 */
let portal: RunningPortal;
let browser: Browser;
const DINING = 'LHR-DIN-9';
const SPA = 'LHR-SPA-9';

const allDay = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [
    d,
    [{ open: '00:00', close: '24:00' }],
  ]),
);
const outlet = {
  airportCode: 'LHR',
  terminal: 'Terminal 5',
  side: 'airside',
  description: 'A place to eat or unwind before your flight.',
  directions: 'After security, turn left at the shops.',
  weeklyHours: allDay,
  facilities: ['wifi'],
  conditions: null,
  lane: null,
  price: null,
  slotMinutes: null,
  capacityPerSlot: null,
  images: [],
  rank: 1000,
};

async function opsPost(path: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(`${portal.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  await opsPost('/ops-api/catalogue/import', {
    products: [
      {
        ...outlet,
        id: DINING,
        kind: 'dining',
        name: 'Runway Grill',
        offer: '£15 voucher towards food and drink',
        terms: 'Show your boarding pass before you order. One offer per member per visit.',
        offerTerms: {
          credit: { amount: 1500, currency: 'GBP' },
          guests: 3,
          cashBack: false,
          passes: 0,
          passBuys: null,
        },
      },
      {
        ...outlet,
        id: SPA,
        kind: 'spa',
        name: 'Skyline Spa',
        offer: 'One pass buys a 20-minute express treatment',
        terms: 'Treatments are subject to availability.',
        offerTerms: {
          credit: null,
          guests: 0,
          cashBack: false,
          passes: 1,
          passBuys: 'one 20-minute express treatment',
        },
      },
    ],
  });
});
afterAll(async () => {
  await browser.close();
  await portal.stop();
});

/** The voucher screen's code, once it is shown. */
async function shownCode(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Your Voucher', level: 1 }).waitFor();
  const code = (await page.getByTestId('voucher-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  return code;
}

describe('dining and spa offers', () => {
  it('redeems a dining offer, shows code, QR and PDF; the outlet confirms it into usage history (natwest theme)', async () => {
    const { page } = await openPage(
      browser,
      `/airport-detail/product?id=${DINING}&kind=dining&issuer=natwest`,
      { baseUrl: portal.baseUrl },
    );
    await page.getByRole('heading', { name: 'Runway Grill', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Redeem offer' }).click();
    // Logged out: log in first, then back to the offer's terms.
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    await logInWithPassword(page, DEMO.email, DEMO.password);
    await page.getByRole('heading', { name: 'Redeem Offer', level: 1 }).waitFor();
    await page.getByText('Credit towards your bill').waitFor();
    await page.getByText('£15.00', { exact: true }).waitFor();
    await page.getByText('You and up to 3 guests').waitFor();
    await page.getByText('None: no cash or change is given').waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Confirm and get my voucher' }).click();

    const code = await shownCode(page);
    await page.getByRole('img', { name: `QR code of voucher ${code}` }).waitFor();
    await page.getByText(/until 24:00 \(local time\)/).waitFor();
    await expectNoA11yViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const pdf = pdfText(await fs.readFile(await (await download).path())).join(' ');
    expect(pdf).toContain(code);
    expect(pdf).toContain('Runway Grill');

    const emails = (await sentMessages(portal.baseUrl)).filter(
      (m) => m.to === DEMO.email && m.subject === `Your voucher for Runway Grill: ${code}`,
    );
    expect(emails).toHaveLength(1);

    // Listed under My Bookings, its link back to the voucher.
    await page.getByRole('link', { name: 'My Bookings' }).click();
    await page.getByRole('heading', { name: 'My Bookings', level: 1 }).waitFor();
    await page.getByRole('link', { name: new RegExp(`Runway Grill, LHR: code ${code}`) }).waitFor();
    await expectNoA11yViolations(page);

    // The till confirms it once; the visit is in usage history with the amount.
    const confirmed = await opsPost('/ops-api/vouchers/confirm', { code, productId: DINING });
    expect(confirmed).toMatchObject({ valid: true, amount: { amount: 1500, currency: 'GBP' } });
    expect(await opsPost('/ops-api/vouchers/confirm', { code, productId: DINING })).toEqual({
      valid: false,
      reason: 'already-used',
    });
    await page.goto('/account/history');
    await page.getByRole('heading', { name: 'Usage History', level: 1 }).waitFor();
    const row = page.getByRole('row', { name: /Runway Grill/ });
    await row.getByText('Dining offer, £15.00 off').waitFor();
    await expectNoA11yViolations(page);
    await page.goto(`/offers/voucher?code=${code}`);
    await page.getByText(/^Used \(Used on /).waitFor();
    expect(await page.getByRole('img', { name: /QR code of voucher/ }).count()).toBe(0);
  }, 120_000);

  it('redeems a spa offer that spends a pass, by keyboard alone (default theme)', async () => {
    const { page } = await openPage(browser, `/offers/redeem?id=${SPA}&kind=spa`, {
      baseUrl: portal.baseUrl,
    });
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    await logInWithPassword(page, DEMO.email, DEMO.password);
    await page.getByRole('heading', { name: 'Redeem Offer', level: 1 }).waitFor();
    await page.getByText(/1 pass, which buys one 20-minute express treatment/).waitFor();
    await page.getByText('You alone').waitFor();
    await expectNoA11yViolations(page);

    await tabTo(page, 'Confirm and get my voucher');
    await page.keyboard.press('Enter');
    const code = await shownCode(page);
    await page.getByRole('img', { name: `QR code of voucher ${code}` }).waitFor();
    await expectNoA11yViolations(page);
    await tabTo(page, 'Download PDF');
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect(pdfText(await fs.readFile(await (await download).path())).join(' ')).toContain(code);

    // Redeeming again shows the same voucher: no second pass.
    await page.goto(`/offers/redeem?id=${SPA}&kind=spa`);
    await tabTo(page, 'Confirm and get my voucher');
    await page.keyboard.press('Enter');
    expect(await shownCode(page)).toBe(code);

    const confirmed = await opsPost('/ops-api/vouchers/confirm', { code, productId: SPA });
    expect(confirmed).toMatchObject({ valid: true, passesUsed: 1 });
    await page.goto('/account/history');
    await page
      .getByRole('row', { name: /Skyline Spa/ })
      .getByText('Spa offer')
      .waitFor();
  }, 120_000);
});
