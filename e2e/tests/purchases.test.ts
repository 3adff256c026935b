import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoA11yViolations, launchBrowser, openPage } from '../support/browser';
import { issueMemberships } from '../support/cli';
import { logInWithPassword, userMenu } from '../support/login';
import { sentMessages } from '../support/outbox';
import { addAndChooseCard, chooseSavedCard } from '../support/payment-card';
import { visaNumber } from '../../apps/api/test/card-numbers';
import { startPortal, type RunningPortal } from '../support/server';
import { newPerson, registerThroughSignUp, type Person } from '../support/sign-up';

/*
 * Purchases that must never be blocked or lost (issue 60), against this file's own portal:
 * - 3-D Secure brings the member back to the address they paid from, still logged in there, and
 *   charges once. PUBLIC_URL is an address no browser reaches: a return sent there (as before the
 *   fix) would never come back. A browser with no login that opens the return address learns
 *   the outcome once, by the order's return reference.
 * - The budget against card testing as deployed (IP_LIMIT_FACTOR 1): new cards count, payments
 *   do not; the tenth new card in an hour is refused with what was counted and how long to wait.
 */
let portal: RunningPortal;
let browser: Browser;
let port: string;
beforeAll(async () => {
  [portal, browser] = await Promise.all([
    startPortal({ env: { PUBLIC_URL: 'http://lounges.invalid', IP_LIMIT_FACTOR: '1' } }),
    launchBrowser(),
  ]);
  port = new URL(portal.baseUrl).port;
});
afterAll(async () => {
  await browser.close();
  await portal.stop();
});

const origin = (page: Page) => new URL(page.url()).origin;

/** Buys the first pass pack on Buy passes through the bank's page; answers the return address. */
async function buyThroughChallenge(page: Page, chooseCard: () => Promise<void>): Promise<string> {
  await page.goto('/membership/buy');
  await page.getByRole('heading', { name: 'Buy passes', level: 1 }).waitFor();
  await page.getByRole('radio').first().check();
  await chooseCard();
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('heading', { name: /^Verify your/ }).waitFor();
  // The address the bank sends the browser back to, as it arrives (the page moves on from it).
  const back = page.waitForURL((url) => url.searchParams.has('ref'));
  await page.getByRole('button', { name: 'Approve' }).click();
  await back;
  const returnUrl = page.url();
  await page.getByRole('heading', { name: 'Payment Complete', level: 1 }).waitFor();
  return returnUrl;
}

const receiptsTo = async (person: Person) =>
  (await sentMessages(portal.baseUrl)).filter(
    (m) => m.to === person.email && /^Payment complete: order OR/.test(m.subject ?? ''),
  ).length;

describe('the return from 3-D Secure', () => {
  it('comes back to natwest.localhost and to 127.0.0.1, logged in, charged once each', async () => {
    const [dpid] = await issueMemberships(portal.baseUrl, {
      issuer: 'natwest',
      holder: 'Sam Taylor',
    });
    const person = newPerson();

    // On the issuer's own host name: signed up there, paid there, back there.
    const natwest = `http://natwest.localhost:${port}`;
    const { page } = await openPage(browser, '/sign-up', { baseUrl: natwest });
    await registerThroughSignUp(page, portal.baseUrl, dpid!, person);
    const first = await buyThroughChallenge(page, () =>
      addAndChooseCard(page, '4000002760003184', 'Sam Taylor'),
    );
    expect(new URL(first).origin).toBe(natwest);
    expect(origin(page)).toBe(natwest);
    await userMenu(page).waitFor();
    await expect.poll(() => receiptsTo(person)).toBe(1);

    // On the loopback address, with the card saved before.
    const { page: loopback } = await openPage(browser, '/login', { baseUrl: portal.baseUrl });
    await logInWithPassword(loopback, person.email, person.password);
    const second = await buyThroughChallenge(loopback, () => chooseSavedCard(loopback, '3184'));
    expect(new URL(second).origin).toBe(portal.baseUrl);
    expect(origin(loopback)).toBe(portal.baseUrl);
    await userMenu(loopback).waitFor();
    await expect.poll(() => receiptsTo(person)).toBe(2);

    // A browser with no login there, given the return address: the outcome, once, no login.
    const { page: stranger } = await openPage(browser, new URL(second).pathname, {
      baseUrl: portal.baseUrl,
    });
    await stranger.goto(second);
    await stranger.getByRole('heading', { name: 'Payment confirmed', level: 1 }).waitFor();
    expect(new URL(stranger.url()).pathname).toBe('/payment/return');
    await stranger.getByText('Your lounge passes are added to your membership.').waitFor();
    await expectNoA11yViolations(stranger);
    expect(await userMenu(stranger).count()).toBe(0);
    await stranger.goto(second);
    await stranger
      .getByRole('heading', { name: 'We cannot show this payment here', level: 1 })
      .waitFor();
    await stranger.getByRole('link', { name: 'Log in to continue' }).click();
    await stranger.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    // Still two receipts: nothing was charged or fulfilled twice.
    expect(await receiptsTo(person)).toBe(2);
  });
});

describe('the budget against card testing', () => {
  it('lets a member pay again and again, and stops one trying card after card at the tenth', async () => {
    const [dpid] = await issueMemberships(portal.baseUrl, {
      issuer: 'natwest',
      holder: 'Sam Taylor',
    });
    const person = newPerson();
    const { page } = await openPage(browser, '/sign-up', { baseUrl: portal.baseUrl });
    await registerThroughSignUp(page, portal.baseUrl, dpid!, person);

    // Paying is never counted: three purchases in a row with one card, added once.
    await buyThroughChallenge(page, () => addAndChooseCard(page, '4000002760003184', 'Sam Taylor'));
    for (let n = 0; n < 2; n += 1) {
      await buyThroughChallenge(page, () => chooseSavedCard(page, '3184'));
    }
    await expect.poll(() => receiptsTo(person)).toBe(3);

    // New cards are: eight more pass (nine in all), the tenth is refused, and says why.
    await page.goto('/account/cards');
    await page.getByRole('heading', { name: 'Payment Cards', level: 1 }).waitFor();
    for (let n = 0; n < 8; n += 1) {
      await page.getByRole('button', { name: 'Add a new card' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a new card' });
      await dialog.getByLabel('Card number').fill(visaNumber(n));
      await dialog.getByLabel('Expiry date').fill('12/30');
      await dialog.getByLabel('Security code (CVV)').fill('123');
      await dialog.getByLabel('Name on card').fill('Sam Taylor');
      await dialog.getByRole('button', { name: 'Add card' }).click();
      const added = page.getByRole('dialog', { name: 'Card added' });
      await added.getByRole('button', { name: 'Done' }).click();
      await added.waitFor({ state: 'hidden' });
    }
    await page.getByRole('button', { name: 'Add a new card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a new card' });
    await dialog.getByLabel('Card number').fill(visaNumber(99));
    await dialog.getByLabel('Expiry date').fill('12/30');
    await dialog.getByLabel('Security code (CVV)').fill('123');
    await dialog.getByLabel('Name on card').fill('Sam Taylor');
    await dialog.getByRole('button', { name: 'Add card' }).click();
    await page
      .getByText(
        'Too many new cards or declined payments on your account in the last hour. Please wait 15 minutes and try again.',
      )
      .waitFor();
    await expectNoA11yViolations(page);
  });
});
