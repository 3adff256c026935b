import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../apps/api/test/pdf-text';
import { expectNoA11yViolations, launchBrowser, openPage } from '../support/browser';
import { icsFields, localStartOf } from '../support/ics';
import { focusedName, tabTo } from '../support/keyboard';
import { DEMO, logInWithPassword } from '../support/login';
import { sentMessages } from '../support/outbox';
import { addAndChooseCard, addCardByKeyboard } from '../support/payment-card';
import { startPortal, type RunningPortal } from '../support/server';

/*
 * Fast-track pre-booking against this file's own portal and the provider's sandbox beside it:
 * the demo member books a Heathrow lane for two passengers paid on the 3-D Secure card 4000 0027
 * 6000 3184 (NatWest theme), `?currentStep=2` after step 1 opening passenger details; the
 * confirmation's QR, PDF, calendar file and email; the booking in the account's fast-track detail
 * with its QR, then cancelled with the refund text. Then a booking made by keyboard alone in the
 * default theme, paid by card (4111 1111 1111 1111). axe on every step.
 */
let portal: RunningPortal;
let browser: Browser;
const LANE = 'LHR-FT-1';
const OTHER_LANE = 'LHR-FT-2';
const ZONE = 'Europe/London';

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
});
afterAll(async () => {
  await browser.close();
  await portal.stop();
});

/** "YYYY-MM-DD", `days` from today. */
const dayAhead = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The demo member logged in from a fast-track Pre-book link (a theme's query, or none). */
async function demoMemberAt(path: string, theme: string): Promise<Page> {
  const { page } = await openPage(browser, `${path}${theme}`, { baseUrl: portal.baseUrl });
  await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
  await logInWithPassword(page, DEMO.email, DEMO.password);
  await page.getByRole('heading', { name: 'Fast Track Booking Details', level: 1 }).waitFor();
  return page;
}

/** The date entered, and the first time window that can be chosen on that date's grid. */
async function firstOpenWindow(page: Page, date: string): Promise<string> {
  const grid = page.waitForResponse(
    (r) =>
      r.url().endsWith('/fast-track/v2/get-available-time') &&
      (r.request().postData() ?? '').includes(date),
  );
  await page.getByLabel('Date of visit').fill(date);
  await grid;
  // The grid of the date before stays shown (busy) until this one's is there.
  await page.locator('fieldset.prebooking__slots:not([aria-busy])').waitFor();
  const open = page.locator('input[name="slot"]:not([disabled])').first();
  await open.waitFor();
  return open.inputValue();
}

describe('fast-track pre-booking', () => {
  it('books two passengers on a 3-D Secure card, shows QR, PDF and .ics, then cancels from the account (natwest theme)', async () => {
    const date = dayAhead(14);
    const page = await demoMemberAt(`/cipprebooking?code=${LANE}`, '&issuer=natwest');
    expect(new URL(page.url()).pathname).toBe('/cipprebooking/detail');
    await page.getByText('Booking Step 1 of 4').waitFor();
    await expectNoA11yViolations(page);

    // Step 1: date, two passengers, a window, the flight.
    await page.getByLabel('Number of passengers').fill('2');
    const time = await firstOpenWindow(page, date);
    await page.getByRole('radio', { name: new RegExp(`^${time}, `) }).check();
    await page.getByLabel('Flight number').fill('BA1234');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Passenger Details', level: 1 }).waitFor();

    // ?currentStep=2 after step 1: passenger details again; ?currentStep=4 goes no further.
    await page.goto('/cipprebooking?currentStep=2');
    await page.getByRole('heading', { name: 'Passenger Details', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/cipprebooking/passenger');
    await page.goto('/cipprebooking/detail?currentStep=4');
    await page.getByRole('heading', { name: 'Passenger Details', level: 1 }).waitFor();
    await page.getByText('Booking Step 2 of 4').waitFor();
    await expectNoA11yViolations(page);

    // Step 2: the member first (named from the account), a companion, the contact confirmed.
    expect(await page.getByLabel('Passenger 1 full name (you)').inputValue()).not.toBe('');
    await page.getByLabel('Passenger 2 full name').fill('Bo Lee');
    await page.getByRole('button', { name: 'Continue' }).click();
    const summary = page.getByRole('alert', { name: 'There is a problem' });
    await summary
      .getByRole('link', { name: "Please confirm the lead passenger's contact details." })
      .waitFor();
    await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoA11yViolations(page);
    await page.getByLabel("I confirm the lead passenger's contact details are correct").check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 3: review (the window, the passengers, the price per person, the rules).
    await page.getByRole('heading', { name: 'Review Details', level: 1 }).waitFor();
    await page.getByText(/Your places are held for \d+:\d\d/).waitFor();
    await page.getByText('Bo Lee').waitFor();
    await page.getByText(/^Price per person: £\d+\.\d\d$/).waitFor();
    await page.getByText(/Cancel at least 48 hours before your visit/).waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Continue to payment' }).click();

    // Step 4: payment, a new 3-D Secure card added in the select modal.
    await page.getByRole('heading', { name: 'Payment', level: 1 }).waitFor();
    await page.getByText('Booking Step 4 of 4').waitFor();
    await expectNoA11yViolations(page);
    await addAndChooseCard(page, '4000002760003184', 'Alex Morgan');
    await page.getByLabel('Security code', { exact: true }).fill('123');
    const pay = page.getByRole('button', { name: /^Pay £\d+\.\d\d and book$/ });
    const total = /£\d+\.\d\d/.exec((await pay.textContent()) ?? '')![0];
    await pay.click();
    await page.getByRole('heading', { name: /^Verify your/ }).waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();

    // Booking Successful: its ID, the lane's QR, the PDF and the calendar file.
    await page.getByRole('heading', { name: 'Booking Successful' }).waitFor({ timeout: 30_000 });
    const idText = await page.getByText(/^Booking ID: FT[A-Z0-9]{8}$/).textContent();
    const bookingId = idText!.replace('Booking ID: ', '');
    await page
      .getByRole('img', { name: `QR code of booking ${bookingId} for the Fast Track entrance` })
      .waitFor();
    await expectNoA11yViolations(page);
    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const pdf = pdfText(await fs.readFile(await (await pdfDownload).path())).join(' ');
    expect(pdf).toContain(bookingId);
    expect(pdf).toContain('Bo Lee');
    const icsDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    const ics = icsFields(await fs.readFile(await (await icsDownload).path(), 'utf8'));
    expect(ics.get('UID')).toBe(`${bookingId}@lounge-portal`);
    expect(localStartOf(ics, ZONE)).toBe(time);

    // The confirmation email, with the PDF and the .ics.
    const emails = (await sentMessages(portal.baseUrl)).filter(
      (m) => m.to === DEMO.email && m.subject === `Fast track booking confirmed: ${bookingId}`,
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]!.attachments.map((f) => f.filename)).toEqual([
      `booking-${bookingId}.pdf`,
      `booking-${bookingId}.ics`,
    ]);

    // In the account, with the lounge bookings: its fast-track detail, QR and files; cancelled.
    await page.getByRole('link', { name: 'View my bookings' }).click();
    await page.getByRole('heading', { name: 'My Bookings', level: 1 }).waitFor();
    await page.getByRole('link', { name: `View booking ${bookingId}` }).click();
    await page.getByRole('heading', { name: 'Fast Track Booking Details', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/bookings/ftdetail');
    await expect.poll(() => page.textContent('main')).toContain('Bo Lee');
    await page.getByRole('img', { name: `QR code of booking ${bookingId}` }).waitFor();
    await page.getByRole('button', { name: 'Download confirmation (PDF)' }).waitFor();
    await page.getByRole('button', { name: 'Add to calendar' }).waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const confirm = page.getByRole('dialog', { name: `Cancel booking ${bookingId}?` });
    await expect.poll(() => confirm.textContent()).toContain(`refunded ${total} to your card`);
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByText(`Booking ${bookingId} has been cancelled.`).waitFor();
    await page
      .getByText(/Refund of £\d+\.\d\d on its way: refunds take about 5 working days/)
      .first()
      .waitFor();
    expect(await page.getByRole('img', { name: `QR code of booking ${bookingId}` }).count()).toBe(
      0,
    );
    await expectNoA11yViolations(page);
  }, 120_000);

  it('books by keyboard alone, paying by card (default theme)', async () => {
    const page = await demoMemberAt(`/cipprebooking?code=${OTHER_LANE}`, '');
    await expectNoA11yViolations(page);

    // Step 1: the date typed, the time window by Tab and Space, the flight typed, Enter.
    const time = await firstOpenWindow(page, dayAhead(20));
    await tabTo(page, 'radio');
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('input[name="slot"]:checked').inputValue()).toBe(time);
    await tabTo(page, 'flight');
    await page.keyboard.type('BA1234');
    await page.keyboard.press('Enter');

    // Step 2: the contact confirmed by Space, Enter.
    await page.getByRole('heading', { name: 'Passenger Details', level: 1 }).waitFor();
    await expectNoA11yViolations(page);
    await tabTo(page, 'confirm-contact');
    await page.keyboard.press('Space');
    await tabTo(page, 'Continue');
    await page.keyboard.press('Enter');

    // Step 3: on to payment.
    await page.getByRole('heading', { name: 'Review Details', level: 1 }).waitFor();
    await expectNoA11yViolations(page);
    await tabTo(page, 'Continue to payment');
    await page.keyboard.press('Enter');

    // Step 4: a card added in the select modal, its code, Enter.
    await page.getByRole('heading', { name: 'Payment', level: 1 }).waitFor();
    await expectNoA11yViolations(page);
    await addCardByKeyboard(page, '4111111111111111', 'Jane Doe');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Booking Successful' }).waitFor({ timeout: 30_000 });
    expect(await focusedName(page)).not.toBe('cvv');
    await expectNoA11yViolations(page);
  }, 120_000);
});
