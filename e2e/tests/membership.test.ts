import fs from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../apps/api/test/pdf-text';
import { expectNoA11yViolations, launchBrowser, openPage } from '../support/browser';
import { issueMemberships } from '../support/cli';
import { focusedName, tabTo } from '../support/keyboard';
import { addAndChooseCard } from '../support/payment-card';
import { sentMessages } from '../support/outbox';
import { startPortal, type RunningPortal } from '../support/server';
import { newPerson, registerThroughSignUp, type Person } from '../support/sign-up';

/*
 * The membership area against this file's own portal and the provider's sandbox beside it:
 * a member registered through sign-up adds a second membership, switches to it, downloads its
 * certificate and buys a pass pack with a saved card, through the bank's 3-D Secure page
 * (4000 0027 6000 3184 is saved at once and asks for 3-D Secure at every payment) or declined
 * (4000 0000 0000 0341, insufficient funds). Pages that add a card name no client address.
 */
let portal: RunningPortal;
let browser: Browser;
beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
});
afterAll(async () => {
  await browser.close();
  await portal.stop();
});

const pathname = (page: Page) => new URL(page.url()).pathname;
const grouped = (dpid: string) => dpid.replace(/(\d{4})(?=\d)/g, '$1 ');

/** A member registered just now through sign-up (in the issuer's theme), logged in. */
async function registeredMember(issuer?: string): Promise<{ page: Page; person: Person }> {
  const [dpid] = await issueMemberships(portal.baseUrl, {
    issuer: issuer ?? 'barclays',
    holder: 'Sam Taylor',
  });
  const { page } = await openPage(browser, issuer ? `/sign-up?issuer=${issuer}` : '/sign-up', {
    baseUrl: portal.baseUrl,
  });
  const person = newPerson();
  await registerThroughSignUp(page, portal.baseUrl, dpid!, person);
  return { page, person };
}

/** Goes to a membership page as the member would, by its address, and waits for its heading. */
async function visit(page: Page, path: string, heading: string) {
  await page.goto(path);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

const passesLeft = async (page: Page) =>
  Number(await page.getByTestId('passes-left').textContent());

async function answerChallenge(page: Page, decision: 'Approve' | 'Decline') {
  await page.getByRole('heading', { name: /^Verify your/ }).waitFor();
  expect(new URL(page.url()).origin).not.toBe(portal.baseUrl);
  await page.getByRole('button', { name: decision }).click();
}

const dialogOf = (page: Page, name: string): Locator => page.getByRole('dialog', { name });

describe('membership', () => {
  it('adds a second membership, switches to it, downloads its certificate and buys passes through 3-D Secure (natwest theme)', async () => {
    const { page, person } = await registeredMember('natwest');
    const [second] = await issueMemberships(portal.baseUrl, {
      issuer: 'natwest',
      holder: 'Sam Taylor',
    });

    // Add: the number checked, its card shown, then added.
    await visit(page, '/membership/add', 'Add Membership');
    await expectNoA11yViolations(page);
    await page.getByLabel('Membership number').fill('1234567890123456');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('The membership number is not recognised.').waitFor();
    await page.getByLabel('Membership number').fill(second!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Is this your card?' }).waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Add this membership' }).click();
    await page
      .getByText(`Membership ending ${second!.slice(-4)} was added to your account.`)
      .waitFor();

    // All memberships: the new one is not in use until the member switches to it.
    await page.getByRole('link', { name: 'See all memberships' }).click();
    await page.getByRole('heading', { name: 'All Memberships', level: 1 }).waitFor();
    const use = page.getByRole('button', { name: `Use membership ending ${second!.slice(-4)}` });
    await use.waitFor();
    await expectNoA11yViolations(page);
    await use.click();
    await page.getByText(`Membership ending ${second!.slice(-4)} is now in use.`).waitFor();

    // The overview shows the one in use.
    await visit(page, '/membership/overview', 'Membership');
    await page.getByText(grouped(second!)).first().waitFor();
    const before = await passesLeft(page);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'About this status' }).click();
    await dialogOf(page, 'Membership Active').waitFor();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');

    // The certificate: a PDF naming the holder and the number.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download certificate' }).click();
    const pdf = await fs.readFile(await (await download).path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf).join(' ');
    expect(text).toContain('Sam Taylor');
    expect(text.replace(/\s/g, '')).toContain(second);

    // Buy a pass pack: a new card, its security code, the bank's page, then Payment Complete.
    await page.getByRole('link', { name: 'Buy passes' }).click();
    await page.getByRole('heading', { name: 'Buy passes', level: 1 }).waitFor();
    await page.getByRole('radio').first().check();
    await addAndChooseCard(page, '4000002760003184', 'Sam Taylor');
    await page.getByLabel('Security code').fill('123');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: /^Pay / }).click();
    await answerChallenge(page, 'Approve');
    await page.getByRole('heading', { name: 'Payment Complete', level: 1 }).waitFor();
    expect(pathname(page)).toBe('/membership/success');
    expect(await passesLeft(page)).toBeGreaterThan(before);
    await expectNoA11yViolations(page);

    // The receipt, through the outbox.
    await expect
      .poll(async () =>
        (await sentMessages(portal.baseUrl)).some(
          (m) => m.to === person.email && /^Payment complete: order OR/.test(m.subject ?? ''),
        ),
      )
      .toBe(true);
    await visit(page, '/membership/overview', 'Membership');
    expect(await passesLeft(page)).toBeGreaterThan(before);

    // The digital card: its QR turns over every 30 s (the browser's clock moved, no waiting).
    await page.clock.install();
    await visit(page, '/membership/card', 'Digital Card');
    const qr = page.getByRole('img', {
      name: `QR code of your membership card, ending ${second!.slice(-4)}`,
    });
    await qr.waitFor();
    await expectNoA11yViolations(page);
    const firstPath = await qr.locator('path').getAttribute('d');
    const step = Number(await qr.getAttribute('data-step'));
    await page.clock.fastForward(30_000);
    // The installed clock also runs on its own: a boundary crossed between the read and the
    // move makes it two steps, never none.
    await expect.poll(async () => Number(await qr.getAttribute('data-step'))).toBeGreaterThan(step);
    expect(await qr.locator('path').getAttribute('d')).not.toBe(firstPath);
    // What the desk scans checks out: the kept token with the code on the screen.
    const kept = await page.evaluate(() => localStorage.getItem('digitalCard'));
    const { token } = JSON.parse(kept!) as { token: string };
    const totp = (await page.getByText(/^Code \d{6}$/).textContent())!.slice(5);
    const checked = await fetch(`${portal.baseUrl}/ops-api/digital-card/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: `${token}~${totp}` }),
    });
    expect(await checked.json()).toMatchObject({
      valid: true,
      dpid: second,
      holderName: 'Sam Taylor',
      status: 'active',
    });

    // With the network cut, the page comes back from the service worker and the card from
    // the device, its code still turning over.
    // The card page registered the service worker and asked it to keep the page (its shell last).
    await expect
      .poll(() =>
        page.evaluate(async () =>
          Boolean(await (await caches.open('portal-v1')).match('/__app-shell')),
        ),
      )
      .toBe(true);
    await page.context().setOffline(true);
    await page.reload();
    await page
      .getByText('You are offline. Your card still works: it was saved on this device.')
      .waitFor();
    await qr.waitFor();
    const offlineStep = Number(await qr.getAttribute('data-step'));
    const offlinePath = await qr.locator('path').getAttribute('d');
    await page.clock.fastForward(30_000);
    await expect
      .poll(async () => Number(await qr.getAttribute('data-step')))
      .toBeGreaterThan(offlineStep);
    expect(await qr.locator('path').getAttribute('d')).not.toBe(offlinePath);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await page.context().setOffline(false);
  });

  it('a declined card ends on Purchase Unsuccessful, bought by keyboard alone (default theme)', async () => {
    const { page } = await registeredMember();
    await visit(page, '/membership/overview', 'Membership');
    await expectNoA11yViolations(page);
    await visit(page, '/membership/list', 'All Memberships');
    await expectNoA11yViolations(page);
    await visit(page, '/membership/buy', 'Buy passes');
    // Everything from here by keyboard: the card added in the select modal, the item, the code.
    await tabTo(page, 'Choose a card');
    await page.keyboard.press('Enter');
    await dialogOf(page, 'Choose a payment card').waitFor();
    await tabTo(page, 'Add a new card');
    await page.keyboard.press('Enter');
    await dialogOf(page, 'Add a new card').waitFor();
    await expect.poll(() => focusedName(page)).toBe('cardNumber');
    await page.keyboard.type('4000000000000341');
    for (const typed of ['1230', '123', 'Sam Taylor']) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(typed);
    }
    await page.keyboard.press('Enter');
    await dialogOf(page, 'Card added').waitFor();
    await tabTo(page, 'Use this card');
    await page.keyboard.press('Enter');
    await page.getByText('•••• 0341').waitFor();
    await tabTo(page, 'radio', 'Shift+Tab');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByRole('radio').nth(1).isChecked()).toBe(true);
    await tabTo(page, 'cvv');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Purchase Unsuccessful', level: 1 }).waitFor();
    await page.getByText('Your bank declined the payment. You have not been charged.').waitFor();
    await page.getByText('Payment Unsuccessful').waitFor();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Buy passes', level: 1 }).waitFor();
  });
});
