import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  expectNoA11yViolations,
  launchBrowser,
  openPage,
  type OpenOptions,
} from '../support/browser';
import { issueMemberships } from '../support/cli';
import { userMenu } from '../support/login';
import { sentIds, sentMessages, waitForCode } from '../support/outbox';
import { detailsStep, mobileE164, newPerson, numberStep } from '../support/sign-up';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Each test is its own client, so the per-client number lock of one does not reach another. */
let clients = 0;
const asNewClient = (path: string, options: OpenOptions = {}) =>
  openPage(browser, path, { ...options, clientIp: `10.20.0.${(clients += 1)}` });

/** The text of the focused element when it is a heading, else ''. */
const focusedHeading = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el && /^H[1-6]$/.test(el.tagName) ? (el.textContent ?? '').trim() : '';
  });

const progress = (page: Page) => page.getByRole('navigation', { name: 'Registration progress' });

describe('sign-up', () => {
  it('registers a CLI-issued number end to end and logs the member in', async () => {
    const [dpid] = await issueMemberships(baseUrl(), { issuer: 'natwest', holder: 'Sam Taylor' });
    const person = newPerson();
    const { context, page } = await asNewClient('/sign-up?issuer=natwest');
    await page.getByRole('heading', { name: 'Register', level: 1 }).waitFor();
    expect(await progress(page).textContent()).toContain('Registration Step 1 of 3');
    await expectNoA11yViolations(page);

    // Step 1: the number groups itself in fours as it is typed.
    await page.getByLabel('Membership number').pressSequentially(dpid!);
    expect(await page.getByLabel('Membership number').inputValue()).toBe(
      dpid!.replace(/(\d{4})(?=\d)/g, '$1 '),
    );
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 2: details, then the confirm modal. Focus is on the new step's heading, not lost to
    // the page body with the button that went (issue 21).
    await page.getByRole('heading', { name: 'Your personal details' }).waitFor();
    await expect.poll(() => focusedHeading(page)).toBe('Your personal details');
    expect(await progress(page).textContent()).toContain('Registration Step 2 of 3');
    await expectNoA11yViolations(page);
    // The code goes by SMS: the email is then proven by the link it is sent after sign-up.
    await detailsStep(page, person, 'sms');
    const confirm = page.getByRole('dialog', { name: 'Confirm your details' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(person.email);
    await expectNoA11yViolations(page);
    const known = await sentIds(baseUrl());
    await confirm.getByRole('button', { name: 'Yes' }).click();

    const codeModal = page.getByRole('dialog', { name: 'Enter your 6-digit code' });
    await codeModal.waitFor();
    await expectNoA11yViolations(page);
    const code = await waitForCode(baseUrl(), mobileE164(person), known);
    await codeModal.getByLabel('6-digit code').fill(code);

    // Step 3: password and terms.
    await page.getByRole('heading', { name: 'Create your password' }).waitFor();
    expect(await progress(page).textContent()).toContain('Registration Step 3 of 3');
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm password').fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('You must read and agree to the terms to continue.').first().waitFor();
    await page.getByLabel('I have read and agree to the terms and conditions').check();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Success: the card preview, and the member is logged in.
    await page.getByRole('heading', { name: 'Registration complete' }).waitFor();
    const card = page.getByRole('figure', { name: 'Your membership card' });
    const cardText = (await card.textContent()) ?? '';
    expect(cardText).toContain(dpid!.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(cardText).toContain('Sam Taylor');
    await expect.poll(() => userMenu(page).textContent()).toContain('ST');
    await expectNoA11yViolations(page);
    expect(await page.evaluate(() => sessionStorage.getItem('signUpDraft'))).toBeNull();
    await page.getByRole('link', { name: 'Go to my account' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/account/profile');
    // The first login's invitation to add a card, after the finish screen (issue 21).
    const invitation = page.getByRole('dialog', { name: 'Add a payment card' });
    await invitation.waitFor();
    await expectNoA11yViolations(page);
    await invitation.getByRole('button', { name: 'Not now' }).click();
    await invitation.waitFor({ state: 'detached' });

    // The email verification link works once.
    const linkMessage = (await sentMessages(baseUrl())).find(
      (m) => m.to === person.email && m.link !== null,
    );
    expect(linkMessage?.link).toMatch(/\/regist\/result\/[0-9a-f-]{36}$/);
    const linkPath = new URL(linkMessage!.link!).pathname;
    await page.goto(linkPath);
    await page.getByRole('heading', { name: /verified|confirmed/i }).waitFor();
    await page.goto(linkPath);
    await page.getByRole('heading', { name: 'Link Expired' }).waitFor();
    await context.close();
  });

  it('can be done with the keyboard alone', async () => {
    const [dpid] = await issueMemberships(baseUrl(), { issuer: 'barclays', holder: 'Sam Taylor' });
    const person = newPerson();
    const { context, page } = await asNewClient('/sign-up');
    const press = (key: string) => page.keyboard.press(key);

    await page.getByLabel('Membership number').focus();
    await page.keyboard.type(dpid!);
    await press('Enter');
    await page.getByRole('heading', { name: 'Your personal details' }).waitFor();
    // Focus moves to the step's heading; Tab walks into the form.
    await expect.poll(() => focusedHeading(page)).toBe('Your personal details');
    await press('Tab');
    await page.keyboard.type(person.firstName);
    await press('Tab');
    await page.keyboard.type(person.lastName);
    await press('Tab');
    await page.keyboard.type(person.email);
    expect(
      await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value),
    ).toBe(person.email);
    await page.getByLabel('Mobile number').focus();
    await page.keyboard.type(person.mobile);
    await page.getByRole('radio', { name: 'Email' }).focus();
    await press('Space');
    await press('Enter');

    const confirm = page.getByRole('dialog', { name: 'Confirm your details' });
    await confirm.waitFor();
    const known = await sentIds(baseUrl());
    await confirm.getByRole('button', { name: 'Yes' }).focus();
    await press('Enter');
    const codeModal = page.getByRole('dialog', { name: 'Enter your 6-digit code' });
    await codeModal.waitFor();
    const code = await waitForCode(baseUrl(), person.email, known);
    // The code field has focus when the modal opens.
    await page.keyboard.type(code);

    await page.getByRole('heading', { name: 'Create your password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).focus();
    await page.keyboard.type(person.password);
    await page.getByLabel('Confirm password').focus();
    await page.keyboard.type(person.password);
    await page.getByLabel('I have read and agree to the terms and conditions').focus();
    await press('Space');
    await page.getByRole('button', { name: 'Create account' }).focus();
    await press('Enter');

    await page.getByRole('heading', { name: 'Registration complete' }).waitFor();
    await expect.poll(() => userMenu(page).textContent()).toContain('ST');
    // A Barclays membership on the default site: the card is Barclays', and its number fits on
    // one line at 1280 px (issue 21).
    const card = page.getByRole('figure', { name: 'Your membership card' });
    expect(await card.getAttribute('data-issuer')).toBe('barclays');
    expect(await card.locator('[data-issuer-logo]').getAttribute('data-issuer-logo')).toBe(
      'barclays',
    );
    const number = card.locator('.membership-card__number dd');
    expect(await number.textContent()).toBe(dpid!.replace(/(\d{4})(?=\d)/g, '$1 '));
    const lines = await number.evaluate((dd) => {
      const range = document.createRange();
      range.selectNodeContents(dd);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    // The code went to the email, which is so proven: no link is sent to it.
    const sent = await sentMessages(baseUrl());
    expect(sent.filter((m) => m.to === person.email && m.link !== null)).toEqual([]);
    await context.close();
  });

  it('shows the spec message for a number not recognised', async () => {
    const { context, page } = await asNewClient('/sign-up');
    await numberStep(page, '9999 9999 9999 9995');
    await page
      .getByText('Membership number not recognised. Please check and try again.')
      .first()
      .waitFor();
    await expectNoA11yViolations(page);
    await context.close();
  });

  it('asks to log in for a number already registered', async () => {
    const { context, page } = await asNewClient('/sign-up');
    await numberStep(page, '9000 0000 0002 0009'); // the demo member's
    const modal = page.getByRole('alertdialog', { name: 'Already registered' });
    await modal.waitFor();
    expect(await modal.textContent()).toContain('Membership number already in use. Please log in');
    await expectNoA11yViolations(page);
    await modal.getByRole('link', { name: 'Log in', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('tells the holder of a suspended membership to contact support', async () => {
    const { context, page } = await asNewClient('/sign-up');
    await numberStep(page, '9000 0000 0002 2005'); // the suspended NatWest demo number
    const modal = page.getByRole('alertdialog', { name: 'Membership Suspended' });
    await modal.waitFor();
    await expectNoA11yViolations(page);
    await modal.getByRole('link', { name: 'Contact us' }).waitFor();
    await context.close();
  });

  it('asks to check the details when they do not match the holder', async () => {
    const [dpid] = await issueMemberships(baseUrl(), { issuer: 'dpplus', holder: 'Sam Taylor' });
    const { context, page } = await asNewClient('/sign-up?issuer=dpplus');
    await numberStep(page, dpid!);
    await detailsStep(page, { ...newPerson(), lastName: 'Someone-Else' });
    const modal = page.getByRole('alertdialog', { name: 'Please check details' });
    await modal.waitFor();
    await expectNoA11yViolations(page);
    await modal.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { name: 'Your personal details' }).waitFor();
    await context.close();
  });

  it('locks the number step with a countdown after three wrong numbers', async () => {
    const { context, page } = await asNewClient('/sign-up');
    for (const wrong of ['9999 9999 9999 9995', '9999 9999 9999 9987', '9999 9999 9999 9979']) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/reg-activation/verify-card'));
      await numberStep(page, wrong);
      await answered;
    }
    const modal = page.getByRole('alertdialog', { name: 'Too many attempts' });
    await modal.waitFor();
    await expect.poll(() => modal.getByRole('timer').textContent()).toMatch(/[45]:\d\d/);
    await expectNoA11yViolations(page);
    await context.close();
  });

  it('locks the code entry with a countdown after three wrong codes', async () => {
    const [dpid] = await issueMemberships(baseUrl(), { issuer: 'rbs', holder: 'Sam Taylor' });
    const person = newPerson();
    const { context, page } = await asNewClient('/sign-up');
    await numberStep(page, dpid!);
    await detailsStep(page, person);
    const known = await sentIds(baseUrl());
    await page
      .getByRole('dialog', { name: 'Confirm your details' })
      .getByRole('button', { name: 'Yes' })
      .click();
    const codeModal = page.getByRole('dialog', { name: 'Enter your 6-digit code' });
    await codeModal.waitFor();
    const code = await waitForCode(baseUrl(), person.email, known);
    const wrong = code === '000000' ? '111111' : '000000';
    const input = codeModal.getByLabel('6-digit code');
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      await input.fill(wrong);
      await codeModal.getByText('Code not recognised, please try again.').waitFor();
      await expect.poll(() => input.inputValue()).toBe('');
    }
    await input.fill(wrong);
    await codeModal.getByRole('alert').filter({ hasText: 'Too many attempts' }).waitFor();
    const timer = codeModal.getByRole('timer');
    await expect.poll(() => timer.textContent()).toMatch(/[45]:\d\d/);
    const first = await timer.textContent();
    await expect.poll(() => timer.textContent(), { timeout: 3000 }).not.toBe(first);
    await expectNoA11yViolations(page);
    await context.close();
  });

  it('goes back as the spec says from each step', async () => {
    const [dpid] = await issueMemberships(baseUrl(), { issuer: 'coop', holder: 'Sam Taylor' });
    const person = newPerson();
    const { context, page } = await asNewClient('/login');
    await page.getByRole('link', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Enter your membership number' }).waitFor();

    await numberStep(page, dpid!);
    await detailsStep(page, person);
    const confirm = page.getByRole('dialog', { name: 'Confirm your details' });
    await confirm.waitFor();
    // No lets the member edit the details.
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Email address').inputValue()).toBe(person.email);

    // Back from step 2 goes to step 1.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Enter your membership number' }).waitFor();

    // Onward again to step 3, then Back goes to step 2.
    await numberStep(page, dpid!);
    await detailsStep(page, person);
    const known = await sentIds(baseUrl());
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const codeModal = page.getByRole('dialog', { name: 'Enter your 6-digit code' });
    await codeModal.waitFor();
    await codeModal
      .getByLabel('6-digit code')
      .fill(await waitForCode(baseUrl(), person.email, known));
    await page.getByRole('heading', { name: 'Create your password' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Your personal details' }).waitFor();

    // The first-step marker returns to step 1.
    await progress(page).getByRole('button', { name: 'Step 1: Membership number' }).click();
    await page.getByRole('heading', { name: 'Enter your membership number' }).waitFor();

    // Back from step 1 returns to the previous page.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('keeps the step and details across a reload', async () => {
    const [dpid] = await issueMemberships(baseUrl(), { issuer: 'vm', holder: 'Sam Taylor' });
    const { context, page } = await asNewClient('/sign-up');
    await numberStep(page, dpid!);
    await page.getByRole('heading', { name: 'Your personal details' }).waitFor();
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('First name').blur();
    await page.reload();
    await page.getByRole('heading', { name: 'Your personal details' }).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Sam');
    await context.close();
  });
});
