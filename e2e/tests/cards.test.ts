import fs from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoA11yViolations, launchBrowser, openPage } from '../support/browser';
import { issueMemberships } from '../support/cli';
import { DEMO, logInWithPassword } from '../support/login';
import { startPortal, type RunningPortal } from '../support/server';
import { newPerson, registerThroughSignUp } from '../support/sign-up';

/*
 * Payment cards through the provider's real SDK in Chromium, against the sandbox `npm start`
 * runs beside the portal. Test cards (apps/psp-sandbox/README.md): 4111 1111 1111 1111 and
 * 5555 5555 5555 4444 are added at once, 4000 0000 0000 3220 asks for 3-D Secure, 4000 0000 0000
 * 0002 fails (61007), the Diners Club 3056 9309 0259 04 is a type the programme does not take,
 * and 9999 9900 0000 0006 is an unknown BIN. Cards are added to members of this file's own
 * portal, so no other journey sees them. Pages that add a card name no client address
 * (X-Forwarded-For): the browser would send that header to the provider too, whose CORS does not
 * allow it.
 */
let portal: RunningPortal;
let browser: Browser;
beforeAll(async () => {
  [portal, browser] = await Promise.all([
    // Every request in the log, so the search for card numbers below has something to search.
    startPortal({ env: { LOG_LEVEL: 'info' } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser.close();
  await portal.stop();
});

const pathname = (page: Page) => new URL(page.url()).pathname;
const cardList = (page: Page) =>
  page.getByRole('region', { name: 'Your cards' }).getByRole('listitem');

interface Card {
  number: string;
  expiry?: string;
  cvv?: string;
  name?: string;
}

/** Fills the add-card dialog and sends it. */
async function fillCard(dialog: Locator, card: Card) {
  await dialog.getByLabel('Card number').fill(card.number);
  await dialog.getByLabel('Expiry date').fill(card.expiry ?? '12/30');
  await dialog.getByLabel('Security code (CVV)').fill(card.cvv ?? '123');
  await dialog.getByLabel('Name on card').fill(card.name ?? 'Sam Taylor');
  await dialog.getByRole('button', { name: 'Add card' }).click();
}

/** Opens the add-card dialog from the cards page and sends a card. */
async function addCard(page: Page, card: Card) {
  await page.getByRole('button', { name: 'Add a new card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a new card' });
  await dialog.waitFor();
  await fillCard(dialog, card);
}

/** The prompt before 3-D Secure, then the provider's challenge page, answered. */
async function passChallenge(page: Page, decision: 'Approve' | 'Decline', checkA11y = false) {
  const prompt = page.getByRole('dialog', { name: 'Verify your card' });
  await prompt.getByText('Additional verification is required.', { exact: false }).waitFor();
  await prompt.getByRole('link', { name: 'Continue to verification' }).click();
  await page.getByRole('heading', { name: 'Verify your payment card' }).waitFor();
  expect(new URL(page.url()).origin).not.toBe(portal.baseUrl);
  if (checkA11y) await expectNoA11yViolations(page);
  await page.getByRole('button', { name: decision }).click();
}

/** A member registered just now through the sign-up flow, logged in on the finish screen. */
async function registeredMember(options: { stayOnFinish?: boolean } = {}) {
  const [dpid] = await issueMemberships(portal.baseUrl, {
    issuer: 'natwest',
    holder: 'Sam Taylor',
  });
  const opened = await openPage(browser, '/sign-up?issuer=natwest', { baseUrl: portal.baseUrl });
  await registerThroughSignUp(opened.page, portal.baseUrl, dpid!, newPerson(), options);
  return opened;
}

async function demoCardsPage() {
  const opened = await openPage(browser, '/login?redirect=%2Faccount%2Fcards', {
    baseUrl: portal.baseUrl,
  });
  await logInWithPassword(opened.page, DEMO.email, DEMO.password);
  await expect.poll(() => pathname(opened.page)).toBe('/account/cards');
  await opened.page.getByRole('heading', { name: 'Payment Cards', level: 1 }).waitFor();
  return opened;
}

describe('payment cards', () => {
  it("opens the card form from the demo member's first-login invitation, natwest theme, by keyboard", async () => {
    // The seeded member has never logged in to this portal: this is their first login.
    const { context, page } = await openPage(browser, '/login?issuer=natwest', {
      baseUrl: portal.baseUrl,
    });
    await page.getByLabel('Email address').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const invitation = page.getByRole('dialog', { name: 'Add a payment card' });
    await invitation.waitFor();
    await invitation.getByRole('link', { name: 'Add a card' }).click();
    await expect.poll(() => pathname(page)).toBe('/account/cards');
    const dialog = page.getByRole('dialog', { name: 'Add a new card' });
    await dialog.waitFor();
    await expectNoA11yViolations(page);
    // The first field has focus; the whole form is filled and sent from the keyboard.
    await page.keyboard.type('378282246310005');
    expect(await dialog.getByLabel('Card number').inputValue()).toBe('3782 8224 6310 005');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1230');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Alex Morgan');
    await page.keyboard.press('Enter');
    const success = page.getByRole('dialog', { name: 'Card added' });
    await success
      .getByText('American Express ending 0005 has been added to your account.')
      .waitFor();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Enter');
    await success.waitFor({ state: 'hidden' });
    await cardList(page).first().getByText('American Express ending 0005').waitFor();
    await expectNoA11yViolations(page);
    await context.close();
  });

  it('adds a 3-D Secure card from the sign-up finish screen, approved on the challenge page', async () => {
    const { context, page } = await registeredMember({ stayOnFinish: true });
    await page.getByRole('button', { name: 'Add a payment card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a new card' });
    await dialog.waitFor();
    await expectNoA11yViolations(page);

    // The rules of spec section 5 before anything leaves the page.
    await fillCard(dialog, { number: '4111 1111 11', expiry: '01/20', cvv: '12', name: 'Ж' });
    await dialog.getByText('Please enter at least 14 digits.').waitFor();
    await dialog.getByText('The expiry date is invalid.').waitFor();
    await dialog.getByText('The security code (CVV) is invalid.').waitFor();
    await dialog.getByText('Please enter at least 2 characters.').waitFor();
    await expectNoA11yViolations(page);
    // Typed digits are grouped in fours.
    await dialog.getByLabel('Card number').fill('4000000000003220');
    expect(await dialog.getByLabel('Card number').inputValue()).toBe('4000 0000 0000 3220');

    await fillCard(dialog, { number: '4000000000003220' });
    await page.getByRole('dialog', { name: 'Verify your card' }).waitFor();
    await expectNoA11yViolations(page);
    await passChallenge(page, 'Approve', true);

    // Back on the finish screen, which asks the portal until the bank's answer is in.
    const success = page.getByRole('dialog', { name: 'Card added' });
    await success.getByText('Visa ending 3220 has been added to your account.').waitFor();
    expect(pathname(page)).toBe('/sign-up');
    expect(new URL(page.url()).searchParams.has('cardId')).toBe(false);
    await page.getByRole('heading', { name: 'Registration complete' }).waitFor();
    await expectNoA11yViolations(page);
    await success.getByRole('button', { name: 'Go to my account' }).click();
    await expect.poll(() => pathname(page)).toBe('/account/profile');

    await page.goto('/account/cards');
    await expect.poll(() => cardList(page).count()).toBe(1);
    const item = cardList(page).first();
    await item.getByText('Visa ending 3220').waitFor();
    await item.getByText('Default card').waitFor();
    await item.getByText('Expires 12/30').waitFor();
    await expectNoA11yViolations(page);
    await context.close();
  });

  it('adds cards at once, makes one the default and deletes one', async () => {
    const { context, page } = await registeredMember();
    await page.goto('/account/cards');
    await page.getByText('You have no saved payment cards yet.').waitFor();
    await addCard(page, { number: '4111111111111111', name: 'Sam Taylor' });
    const success = page.getByRole('dialog', { name: 'Card added' });
    await success.getByText('Visa ending 1111 has been added to your account.').waitFor();
    await expectNoA11yViolations(page);
    await success.getByRole('button', { name: 'Done' }).click();
    await success.waitFor({ state: 'hidden' });

    await addCard(page, { number: '5555 5555 5555 4444', name: 'Alex Morgan' });
    await page
      .getByRole('dialog', { name: 'Card added' })
      .getByRole('button', { name: 'Done' })
      .click();
    await expect.poll(() => cardList(page).allInnerTexts()).toHaveLength(2);
    // The first card stays the default, listed first.
    const texts = await cardList(page).allInnerTexts();
    expect(texts[0]).toContain('Visa ending 1111');
    expect(texts[0]).toContain('Default card');
    expect(texts[1]).toContain('MasterCard ending 4444');

    // The same card twice is refused, and the form can be gone back to.
    await addCard(page, { number: '4111111111111111', name: 'Alex Morgan' });
    const refused = page.getByRole('alertdialog', { name: 'Card not added' });
    await refused.getByText('This card is already registered.').waitFor();
    await refused.getByRole('button', { name: 'Close' }).click();

    await page
      .getByRole('button', { name: 'Make MasterCard ending 4444 your default card' })
      .click();
    await page
      .getByRole('status')
      .getByText('MasterCard ending 4444 is now your default card.')
      .waitFor();
    await expect
      .poll(async () => (await cardList(page).allInnerTexts())[0])
      .toContain('MasterCard ending 4444');
    expect((await cardList(page).allInnerTexts())[0]).toContain('Default card');
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Delete Visa ending 1111' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Visa ending 1111?' });
    await confirm.waitFor();
    await expectNoA11yViolations(page);
    // Keeping the card is the safe choice and where focus lands.
    await confirm.getByRole('button', { name: 'Keep card' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await cardList(page).count()).toBe(2);
    await page.getByRole('button', { name: 'Delete Visa ending 1111' }).click();
    await confirm.getByRole('button', { name: 'Delete card' }).click();
    await page.getByRole('status').getByText('Visa ending 1111 has been deleted.').waitFor();
    await expect.poll(() => cardList(page).count()).toBe(1);

    // The list is the server's: a reload shows the same.
    await page.reload();
    await expect.poll(() => cardList(page).count()).toBe(1);
    expect(await cardList(page).first().innerText()).toContain('MasterCard ending 4444');

    // Nothing of the numbers typed reached the portal's log (the API tests also search its
    // database and a debug-level log).
    const log = await fs.readFile(portal.logFile, 'utf8');
    expect(log).toContain('/client-api/payment/add-card');
    for (const secret of [
      '4111111111111111',
      '4111 1111 1111 1111',
      '5555555555554444',
      '5555 5555 5555 4444',
    ]) {
      expect(log).not.toContain(secret);
    }
    await context.close();
  });

  it('shows Authentication Failed when 3-D Secure is declined, and Try again opens the form', async () => {
    const { context, page } = await demoCardsPage();
    await addCard(page, { number: '4000 0000 0000 3220', name: 'Alex Morgan' });
    await passChallenge(page, 'Decline');
    const failed = page.getByRole('alertdialog', { name: 'Authentication Failed' });
    await failed.waitFor();
    expect(pathname(page)).toBe('/account/cards');
    await expectNoA11yViolations(page);
    await failed.getByRole('button', { name: 'Try again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a new card' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Card number').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByText('Visa ending 3220').count()).toBe(0);

    // A card the bank refuses outright fails the same way (61007).
    await addCard(page, { number: '4000 0000 0000 0002', name: 'Alex Morgan' });
    await page
      .getByRole('alertdialog', { name: 'Authentication Failed' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await context.close();
  });

  it('says Card not accepted for an unsupported type, and Card not recognized for an unknown one', async () => {
    const { context, page } = await demoCardsPage();
    await addCard(page, { number: '3056 9309 0259 04', name: 'Alex Morgan' });
    const error = page.getByRole('alertdialog', { name: 'Card not added' });
    await error
      .getByText(
        'Card not accepted. We are unable to accept this card type. Please use a different card.',
      )
      .waitFor();
    await expectNoA11yViolations(page);
    // Back to the form, as it was typed.
    await error.getByRole('button', { name: 'Back to card details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a new card' });
    expect(await dialog.getByLabel('Card number').inputValue()).toBe('3056 9309 0259 04');
    expect(await dialog.getByLabel('Name on card').inputValue()).toBe('Alex Morgan');

    await dialog.getByLabel('Card number').fill('9999 9900 0000 0006');
    await dialog.getByLabel('Security code (CVV)').fill('123');
    await dialog.getByRole('button', { name: 'Add card' }).click();
    await error
      .getByText('Card not recognized. Please check the card details and try again.')
      .waitFor();
    await context.close();
  });
});
