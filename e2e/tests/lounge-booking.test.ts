import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visaNumber } from '../../apps/api/test/card-numbers';
import { DEMO_MEMBER } from '../../apps/api/src/db/seed/demo-member';
import { pdfText } from '../../apps/api/test/pdf-text';
import { expectNoA11yViolations, launchBrowser, openPage } from '../support/browser';
import { issueMemberships } from '../support/cli';
import { icsFields, localStartOf } from '../support/ics';
import { focusedName, tabTo } from '../support/keyboard';
import { addAndChooseCard, addCardByKeyboard, chooseSavedCard } from '../support/payment-card';
import { DEMO, logInWithPassword } from '../support/login';
import { sentMessages } from '../support/outbox';
import { startPortal, type RunningPortal } from '../support/server';
import { newPerson, registerThroughSignUp } from '../support/sign-up';

/*
 * Lounge pre-booking against this file's own portal and the provider's sandbox beside it: the
 * demo member books a Heathrow lounge for themself (a pass) and a guest (the 3-D Secure card
 * 4000 0027 6000 3184), downloads the PDF and the calendar file, finds the booking under Booked
 * and cancels it; a member who pays by card (4111 1111 1111 1111) books by keyboard alone the
 * last place of a one-place lounge, which the demo member then finds full, with other times and
 * lounges offered; a declined card ends on Payment Unsuccessful, and a hold left to lapse shows
 * Session expired. Changes: a guest no pass covers is paid for (3-D Secure) before the change is
 * made; a declined card leaves the booking as it was.
 */
let portal: RunningPortal;
let browser: Browser;
const LOUNGE = 'LHR-LNG-1';
const ONE_PLACE = 'LHR-LNG-2';
const ZONE = 'Europe/London';

/** The catalogue's row of a product, as the operator exports it. */
async function exported(code: string): Promise<Record<string, unknown>> {
  const response = await fetch(
    `${portal.baseUrl}/ops-api/catalogue/export?airport=LHR&kind=lounge`,
  );
  const { products } = (await response.json()) as { products: Record<string, unknown>[] };
  const found = products.find((p) => p.id === code);
  if (!found) throw new Error(`${code} is not in the catalogue`);
  return found;
}

async function ops(path: string, body: unknown) {
  const response = await fetch(`${portal.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  // One place a slot: the second booker of a time finds it full.
  const small = { ...(await exported(ONE_PLACE)), capacityPerSlot: 1 };
  await ops('/ops-api/catalogue/import', { products: [small], mode: 'upsert' });
});
afterAll(async () => {
  await browser.close();
  await portal.stop();
});

/** "YYYY-MM-DD", `days` from today. */
const dayAhead = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
};
const VISIT_DATE = dayAhead(12);

/** The first arrival time that can be chosen on the grid, and its radio. */
/**
 * The date entered, and the first time that can be chosen on that date's own grid: the grid of
 * the date before stays shown (busy) until this one's answer is there, and its times may differ.
 */
async function enterDateAndFirstOpenTime(page: Page, date: string): Promise<string> {
  const grid = page.waitForResponse(
    (r) =>
      r.url().endsWith('/lounge/get-available-time/v2') &&
      (r.request().postData() ?? '').includes(date),
  );
  await page.getByLabel('Date of visit').fill(date);
  await grid;
  await page.locator('fieldset.prebooking__slots:not([aria-busy])').waitFor();
  const open = page.locator('input[name="slot"]:not([disabled])').first();
  await open.waitFor();
  return open.inputValue();
}

/** Step 1 filled: the date, a time, the guests and the flight. */
async function fillDetails(
  page: Page,
  details: { date: string; time?: string; guests?: string[]; flight?: string },
): Promise<string> {
  const first = await enterDateAndFirstOpenTime(page, details.date);
  const time = details.time ?? first;
  await page.getByRole('radio', { name: new RegExp(`^${time}, `) }).check();
  for (const [i, guest] of (details.guests ?? []).entries()) {
    await page.getByRole('button', { name: 'Add a guest' }).click();
    await page.getByLabel(`Guest ${i + 1} full name`).fill(guest);
  }
  await page.getByLabel('Flight number').fill(details.flight ?? 'BA1234');
  return time;
}

/**
 * Step 1 sent with a guest unnamed, no time and no flight: the error summary takes the focus, on
 * the screen (a phone's too), passes axe, and its links go to the guest's name and the times.
 * The guest is then removed.
 */
async function expectErrorSummary(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Add a guest' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await summary.waitFor();
  await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
  const top = await summary.evaluate((el) => el.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThan(await page.evaluate(() => window.innerHeight));
  await expectNoA11yViolations(page);
  await summary.getByRole('link', { name: "Please enter the guest's full name." }).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('guest-1');
  await summary.getByRole('link', { name: 'Please choose an arrival time.' }).click();
  await expect.poll(() => focusedName(page)).toBe('radio');
  await page.getByRole('button', { name: 'Remove guest 1' }).click();
}

/** Step 1 sent, the details confirmed on the review, on to Passes and Payment. */
async function toPayment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Review Details', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Confirm these details' }).click();
  await page.getByText('Details confirmed.').waitFor();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
}

/** From Booking Successful: its Booking ID, and its change page with a guest added. */
async function changeAddingGuest(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Booking Successful' }).waitFor({ timeout: 30_000 });
  const idText = await page.getByText(/^Booking ID: LB[A-Z0-9]{8}$/).textContent();
  const bookingId = idText!.replace('Booking ID: ', '');
  await page.goto(`/prebooking/amend?bookingId=${bookingId}`);
  await page.getByRole('heading', { name: 'Change Booking', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Add a guest' }).click();
  await page.getByLabel('Guest 1 full name').fill('Bo Lee');
  return bookingId;
}

/** The member's demo login (the NatWest theme unless told), starting at a Pre-book link. */
async function demoMemberAt(path: string, theme = '&issuer=natwest'): Promise<Page> {
  const { page } = await openPage(browser, `${path}${theme}`, { baseUrl: portal.baseUrl });
  await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
  await logInWithPassword(page, DEMO.email, DEMO.password);
  await page.getByRole('heading', { name: 'Lounge Booking Details', level: 1 }).waitFor();
  return page;
}

describe('lounge pre-booking', () => {
  it('books a pass for the member and a guest on a 3-D Secure card, downloads PDF and .ics, then cancels (natwest theme)', async () => {
    const dpid = DEMO_MEMBER.dpid;
    await ops('/ops-api/memberships/passes', { dpid, passesLeft: 1 });
    const page = await demoMemberAt(`/prebooking?code=${LOUNGE}`);
    expect(new URL(page.url()).pathname).toBe('/prebooking/detail');
    await expectNoA11yViolations(page);
    await expectErrorSummary(page);

    const time = await fillDetails(page, { date: VISIT_DATE, guests: ['Bo Lee'] });
    await page.getByRole('radio', { name: /Membership ending .*: 1 pass left/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Review: everything, the price (one pass, one guest paying), the refund rule.
    await page.getByRole('heading', { name: 'Review Details', level: 1 }).waitFor();
    await page.getByText(/Your places are held for \d+:\d\d/).waitFor();
    await expect.poll(() => page.getByText('Bo Lee').count()).toBeGreaterThan(0);
    await page.getByText(/Cancel at least 48 hours before your visit/).waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Confirm these details' }).click();
    await page.getByText('Details confirmed.').waitFor();
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    // Passes and payment: a new 3-D Secure card added in the select modal.
    await page.getByRole('heading', { name: 'Passes and Payment', level: 1 }).waitFor();
    await expectNoA11yViolations(page);
    await addAndChooseCard(page, '4000002760003184', 'Alex Morgan');
    await page.getByLabel('Security code', { exact: true }).fill('123');
    await page.getByRole('button', { name: /^Pay .* and book$/ }).click();
    await page.getByRole('heading', { name: /^Verify your/ }).waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();

    // Booking Successful: its ID, QR, PDF and calendar file.
    await page.getByRole('heading', { name: 'Booking Successful' }).waitFor({ timeout: 30_000 });
    const idText = await page.getByText(/^Booking ID: LB[A-Z0-9]{8}$/).textContent();
    const bookingId = idText!.replace('Booking ID: ', '');
    await page
      .getByRole('img', { name: `QR code of booking ${bookingId} for the lounge desk` })
      .waitFor();
    await expectNoA11yViolations(page);

    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const pdf = await fs.readFile(await (await pdfDownload).path());
    expect(pdfText(pdf).join(' ')).toContain(bookingId);

    const icsDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    const icsText = await fs.readFile(await (await icsDownload).path(), 'utf8');
    expect(icsText).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VEVENT\r\n[\s\S]*END:VCALENDAR/);
    const ics = icsFields(icsText);
    expect(ics.get('UID')).toBe(`${bookingId}@lounge-portal`);
    expect(localStartOf(ics, ZONE)).toBe(time);
    expect(ics.get('DESCRIPTION')).toContain(`${VISIT_DATE} at ${time} local time (${ZONE})`);

    // The confirmation email.
    const emails = (await sentMessages(portal.baseUrl)).filter(
      (m) => m.to === DEMO.email && m.subject === `Lounge booking confirmed: ${bookingId}`,
    );
    expect(emails).toHaveLength(1);
    const files = emails[0]!.attachments;
    expect(files.map((f) => f.filename)).toEqual([
      `booking-${bookingId}.pdf`,
      `booking-${bookingId}.ics`,
    ]);
    const fetched = await Promise.all(
      files.map(async (f) =>
        Buffer.from(await (await fetch(`${portal.baseUrl}${f.url}`)).arrayBuffer()),
      ),
    );
    expect(pdfText(fetched[0]!).join(' ')).toContain(bookingId);
    expect(fetched[1]!.toString('utf8')).toContain(`UID:${bookingId}@lounge-portal`);

    // Under Booked, with its .ics too; then cancelled: the refund text, the pass back.
    await page.getByRole('link', { name: 'View my bookings' }).click();
    await page.getByRole('heading', { name: 'My Bookings', level: 1 }).waitFor();
    await page.getByRole('link', { name: `View booking ${bookingId}` }).click();
    await page.getByRole('heading', { name: 'Booking Details', level: 1 }).waitFor();
    await expect.poll(() => page.textContent('main')).toContain('Bo Lee');
    await page.getByRole('button', { name: 'Add to calendar' }).waitFor();

    // Changed to another time with a second guest no pass covers: the guest is paid for on the
    // 3-D Secure card, and the places move when it is paid; then cancelled, both payments back.
    await page.getByRole('link', { name: 'Change booking' }).click();
    await page.getByRole('heading', { name: 'Change Booking', level: 1 }).waitFor();
    const later = page.locator(`input[name="slot"]:not([disabled]):not([value="${time}"])`).last();
    await later.waitFor();
    const laterTime = await later.inputValue();
    await later.check();
    await page.getByRole('button', { name: 'Add a guest' }).click();
    await page.getByLabel('Guest 2 full name').fill('Cy Lee');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Pay for the added guests' }).waitFor();
    await page.getByText(/Your places are held for \d+:\d\d/).waitFor();
    await expectNoA11yViolations(page);
    // The member's default card (the first they added, at the booking) is chosen from the start.
    await page.getByText('•••• 3184').waitFor();
    await page.getByRole('button', { name: 'Change card' }).waitFor();
    expect(await page.getByText('No card chosen yet.').count()).toBe(0);
    await page.getByLabel('Security code', { exact: true }).fill('123');
    const payButton = page.getByRole('button', { name: /^Pay £\d+\.\d\d and change$/ });
    const guestPrice = /£\d+\.\d\d/.exec((await payButton.textContent()) ?? '')![0];
    await payButton.click();
    await page.getByRole('heading', { name: /^Verify your/ }).waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByText(new RegExp(`Your booking ${bookingId} is now for .* at ${laterTime} local time`))
      .waitFor({ timeout: 30_000 });
    await page
      .getByText(`We have charged ${guestPrice} to your card for the added guests.`)
      .waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Back to the booking' }).click();
    await page.getByRole('heading', { name: 'Booking Details', level: 1 }).waitFor();
    await expect.poll(() => page.textContent('main')).toContain(laterTime);
    await expect.poll(() => page.textContent('main')).toContain('Cy Lee');
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const confirm = page.getByRole('dialog', { name: `Cancel booking ${bookingId}?` });
    // Both guests' payments: the booking's and the change's.
    const twice = `£${(2 * Number(guestPrice.slice(1))).toFixed(2)}`;
    await expect.poll(() => confirm.textContent()).toContain(`refunded ${twice} to your card`);
    await expect
      .poll(() => confirm.textContent())
      .toContain('to your card in about 5 working days.');
    expect(await confirm.textContent()).toContain('Your 1 pass will be returned at once.');
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByText(`Booking ${bookingId} has been cancelled.`).waitFor();
    await page.goto('/membership/overview');
    await expect
      .poll(async () => Number(await page.getByTestId('passes-left').textContent()))
      .toBe(1);
  }, 120_000);

  it('books the last place of a one-place lounge by keyboard alone, paying by card (default theme)', async () => {
    const [dpid] = await issueMemberships(portal.baseUrl, {
      issuer: 'barclays',
      holder: 'Sam Taylor',
    });
    const { page } = await openPage(browser, '/sign-up', {
      baseUrl: portal.baseUrl,
      cookiesAnswered: true,
    });
    await registerThroughSignUp(page, portal.baseUrl, dpid!, newPerson());
    await page.goto(`/prebooking?code=${ONE_PLACE}`);
    await page.getByRole('heading', { name: 'Lounge Booking Details', level: 1 }).waitFor();
    await expectNoA11yViolations(page);

    // Step 1, by keyboard: the date entered (the date field's own keyboard input), the time by
    // Tab and Space, the flight typed, Enter.
    const time = await enterDateAndFirstOpenTime(page, VISIT_DATE);
    await tabTo(page, 'radio');
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('input[name="slot"]:checked').inputValue()).toBe(time);
    await tabTo(page, 'flight');
    await page.keyboard.type('BA1234');
    // The membership's passes not spent: the next radio group, its second choice.
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedName(page)).toBe('radio');
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() =>
        page.getByRole('radio', { name: 'No passes: pay for everyone by card' }).isChecked(),
      )
      .toBe(true);
    await page.keyboard.press('Enter');

    // Step 2: the details confirmed, on to payment.
    await page.getByRole('heading', { name: 'Review Details', level: 1 }).waitFor();
    await expectNoA11yViolations(page);
    await tabTo(page, 'Confirm these details');
    await page.keyboard.press('Enter');
    await page.getByText('Details confirmed.').waitFor();
    await tabTo(page, 'Continue to payment');
    await page.keyboard.press('Enter');

    // Step 3: a card added in the select modal, its code, Enter.
    await page.getByRole('heading', { name: 'Passes and Payment', level: 1 }).waitFor();
    await expectNoA11yViolations(page);
    await addCardByKeyboard(page, '4111111111111111', 'Sam Taylor');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Booking Successful' }).waitFor({ timeout: 30_000 });
    await expectNoA11yViolations(page);
  }, 120_000);

  it('a full time offers its waiting list, other times that day and other lounges (natwest theme)', async () => {
    const page = await demoMemberAt(`/prebooking?code=${ONE_PLACE}`);
    await page.getByLabel('Date of visit').fill(VISIT_DATE);
    const full = page.getByRole('radio', { name: /, full$/ }).first();
    await full.waitFor();
    await full.check();
    const offers = page.getByRole('region', { name: 'This time is full' });
    await offers
      .getByRole('button', { name: /^Choose \d\d:\d\d/ })
      .first()
      .waitFor();
    await offers
      .getByRole('link', { name: /^Book .* at \d\d:\d\d$/ })
      .first()
      .waitFor();
    // Asked for the places step 1 counts: the member alone here (issue 60, item 9).
    await offers.getByRole('button', { name: 'Tell me if a place frees up for 1 person' }).click();
    await offers.getByText(/^You are number 1 on the waiting list for 1 person\./).waitFor();
    await expectNoA11yViolations(page);
    const other = offers.getByRole('button', { name: /^Choose \d\d:\d\d/ }).first();
    const otherTime = /Choose (\d\d:\d\d)/.exec((await other.textContent()) ?? '')![1]!;
    await other.click();
    await expect
      .poll(() => page.locator('input[name="slot"]:checked').inputValue())
      .toBe(otherTime);
    await expect.poll(() => offers.count()).toBe(0);

    // My Bookings lists the waiting list, and the member leaves it there.
    await page.goto('/account/bookings');
    const lists = page.getByRole('region', { name: 'Your waiting lists' });
    const entry = lists.getByRole('listitem').filter({ hasText: 'You are number 1' });
    await entry.getByText('Waiting for 1 place').waitFor();
    await expectNoA11yViolations(page);
    await entry.getByRole('button', { name: 'Leave the waiting list' }).click();
    await lists.getByText(/^You have left the waiting list for /).waitFor();
    await expect.poll(() => entry.count()).toBe(0);
    await expectNoA11yViolations(page);
  });

  it('a declined card ends on Payment Unsuccessful; a hold left to lapse shows Session expired (default theme)', async () => {
    const page = await demoMemberAt(`/prebooking?code=${LOUNGE}`, '');
    // On a phone, the errors of step 1 summed up where the page is.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectErrorSummary(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await fillDetails(page, { date: dayAhead(25), guests: ['Bo Lee'] });
    await page.getByRole('radio', { name: 'No passes: pay for everyone by card' }).check();
    await toPayment(page);
    await page.getByRole('heading', { name: 'Passes and Payment', level: 1 }).waitFor();
    await addAndChooseCard(page, '4000000000000341', 'Alex Morgan');
    await page.getByLabel('Security code', { exact: true }).fill('123');
    await page.getByRole('button', { name: /^Pay .* and book$/ }).click();
    await page.getByRole('heading', { name: 'Payment Unsuccessful' }).waitFor({ timeout: 30_000 });
    await page.getByText(/Your payment was not taken and no passes were used/).waitFor();
    await expectNoA11yViolations(page);

    // Again, left to lapse on the review.
    await page.getByRole('link', { name: 'Book again' }).click();
    await page.getByRole('heading', { name: 'Lounge Booking Details', level: 1 }).waitFor();
    await page.clock.install();
    await fillDetails(page, { date: dayAhead(20) });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Review Details', level: 1 }).waitFor();
    await page.getByText(/Your places are held for/).waitFor();
    await page.clock.fastForward('10:01');
    await page.getByRole('heading', { name: 'Session expired' }).waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Start again' }).click();
    await page.getByRole('heading', { name: 'Lounge Booking Details', level: 1 }).waitFor();
  });
  it('a booking paid by card stays paid by card when a guest is added: the change priced before it is saved (default theme)', async () => {
    // One pass left, as the journeys after this one expect it (it is not spent here).
    await ops('/ops-api/memberships/passes', { dpid: DEMO_MEMBER.dpid, passesLeft: 1 });
    const page = await demoMemberAt(`/prebooking?code=${LOUNGE}`, '');
    await fillDetails(page, { date: dayAhead(33) });
    await page.getByRole('radio', { name: 'No passes: pay for everyone by card' }).check();
    await toPayment(page);
    await page.getByRole('heading', { name: 'Passes and Payment', level: 1 }).waitFor();
    await addAndChooseCard(page, visaNumber(601), 'Alex Morgan');
    await page.getByLabel('Security code', { exact: true }).fill('123');
    await page.getByRole('button', { name: /^Pay .* and book$/ }).click();
    // Add a guest: before saving, what it costs and how it is paid (as the booking was: card).
    const bookingId = await changeAddingGuest(page);
    const terms = page.getByRole('region', { name: 'What this change does' });
    await terms.getByText(/^£\d+\.\d\d to pay by card for the guest added\.$/).waitFor();
    expect(await terms.getByRole('radio', { name: 'My card' }).isChecked()).toBe(true);
    expect(await terms.getByRole('radio', { name: 'My passes (1 left)' }).isChecked()).toBe(false);
    await expectNoA11yViolations(page);
    // The member may change their mind: passes, then back to the card.
    await terms.getByRole('radio', { name: 'My passes (1 left)' }).check();
    await terms.getByText('1 pass will be used for the guest added.').waitFor();
    await terms.getByRole('radio', { name: 'My card' }).check();
    await terms.getByText(/to pay by card for the guest added\.$/).waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    // Paid by card as shown: no pass spent without asking.
    await page.getByRole('heading', { name: 'Pay for the added guests' }).waitFor();
    expect(await page.getByText(/pass used/).count()).toBe(0);
    // The way back, before paying: the booking as it was.
    await page.goto(`/prebooking/amend?bookingId=${bookingId}`);
    await page.getByRole('link', { name: 'Keep my booking as it is' }).click();
    await page.getByRole('heading', { name: 'Booking Details', level: 1 }).waitFor();
    expect(await page.textContent('main')).not.toContain('Bo Lee');
  });

  it('a change adding a guest no pass covers asks for payment; a declined card leaves the booking as it was (default theme)', async () => {
    const page = await demoMemberAt(`/prebooking?code=${LOUNGE}`, '');
    await fillDetails(page, { date: dayAhead(30) });
    await page.getByRole('radio', { name: /Membership ending .*: 1 pass left/ }).check();
    await toPayment(page);
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    const bookingId = await changeAddingGuest(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Pay for the added guests' }).waitFor();
    await expectNoA11yViolations(page);
    await chooseSavedCard(page, '0341');
    await page.getByLabel('Security code', { exact: true }).fill('123');
    await page.getByRole('button', { name: /^Pay .* and change$/ }).click();
    await page.getByText(/^Payment Unsuccessful\. Your payment was not taken/).waitFor();
    await expectNoA11yViolations(page);

    // The booking as it was: the member alone; cancelled, the pass back.
    await page.goto(`/account/bookings/detail?bookingId=${bookingId}`);
    await page.getByRole('heading', { name: 'Booking Details', level: 1 }).waitFor();
    expect(await page.textContent('main')).not.toContain('Bo Lee');
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const confirm = page.getByRole('dialog', { name: `Cancel booking ${bookingId}?` });
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByText(`Booking ${bookingId} has been cancelled.`).waitFor();
  });
});
