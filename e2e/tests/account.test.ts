import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoA11yViolations, launchBrowser, openPage } from '../support/browser';
import { issueMemberships } from '../support/cli';
import { openedDialogs, watchOpenDialogs } from '../support/dialogs';
import { DEMO, logInWithPassword, userMenu } from '../support/login';
import { sentIds, sentMessages, waitForCode } from '../support/outbox';
import { startPortal, type RunningPortal } from '../support/server';
import { newPerson, registerThroughSignUp } from '../support/sign-up';

/*
 * The account area as the demo member: these journeys cancel a seeded booking and change the
 * member's mobile, so they run against a portal of their own. The seed's bookings (README):
 * booked LBDEMO0001 (paid, 10 days ahead), LBDEMO0002 (a pass), FTDEMO0001 (fast track);
 * past LBDEMO0003, LBDEMO0004, FTDEMO0002; cancelled LBDEMO0005.
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

const SUPPORT_MAILBOX = 'support@lounges.example';
const pathname = (page: Page) => new URL(page.url()).pathname;
const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'My account' });

/**
 * A logged-in demo member's page at `path` (the login sends the member on to it), in an
 * issuer's theme when given, and at a viewport size when given (set after the login: the
 * header's initials menu, which the login waits for, lives in the mobile menu on small screens).
 */
async function asDemo(
  path: string,
  options: { issuer?: string; viewport?: { width: number; height: number } } = {},
) {
  const query = new URLSearchParams({
    redirect: path,
    ...(options.issuer ? { issuer: options.issuer } : {}),
  });
  const opened = await openPage(browser, `/login?${query.toString()}`, { baseUrl: portal.baseUrl });
  await logInWithPassword(opened.page, DEMO.email, DEMO.password);
  await expect.poll(() => pathname(opened.page)).toBe(path);
  if (options.viewport) await opened.page.setViewportSize(options.viewport);
  return opened;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const bookingLink = (page: Page, id: string) =>
  page.getByRole('link', { name: `View booking ${id}` });

describe('the account area', () => {
  it('greets the member by name; the side menu and Discover lead on', async () => {
    const { context, page } = await asDemo('/account/profile');
    await page.getByRole('heading', { name: 'My Profile', level: 1 }).waitFor();
    await page.getByText('Hello, Alex Morgan').waitFor();
    const menu = accountMenu(page);
    for (const name of [
      'My profile',
      'My bookings',
      'Usage history',
      'Payment cards',
      'Change password',
      'Delete account',
    ]) {
      expect(await menu.getByRole('link', { name }).count()).toBe(1);
    }
    expect(await menu.getByRole('link', { name: 'My profile' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await expectNoA11yViolations(page);

    await menu.getByRole('link', { name: 'Usage history' }).click();
    await expect.poll(() => pathname(page)).toBe('/account/history');
    const table = page.getByRole('table', { name: 'Usage history' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBeGreaterThan(1);
    expect(await table.textContent()).toContain('0009');
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: 'Discover' }).click();
    await expect.poll(() => pathname(page)).toBe('/airport');
    await context.close();
  });

  it('shows the seeded bookings in the Booked, Past and Cancelled tabs', async () => {
    const { context, page } = await asDemo('/account/bookings');
    await page.getByRole('heading', { name: 'My Bookings', level: 1 }).waitFor();
    await bookingLink(page, 'LBDEMO0001').waitFor();
    for (const id of ['LBDEMO0002', 'FTDEMO0001']) await bookingLink(page, id).waitFor();
    // Every field of spec section 2 shows on a booking.
    const text = (await page.getByRole('tabpanel').textContent()) ?? '';
    for (const field of [
      'Booking ID',
      'LBDEMO0001',
      'Alex Morgan',
      'Sam Morgan',
      'Visa •••• 4242',
      'demo@lounge.example',
      '7400',
      'local time',
    ]) {
      expect(text).toContain(field);
    }
    await expectNoA11yViolations(page);

    await tab(page, 'Past').click();
    await bookingLink(page, 'LBDEMO0003').waitFor();
    await bookingLink(page, 'FTDEMO0002').waitFor();
    expect(await bookingLink(page, 'LBDEMO0001').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('past');

    await tab(page, 'Cancelled').click();
    await bookingLink(page, 'LBDEMO0005').waitFor();
    await expectNoA11yViolations(page);
    await context.close();
  });

  it('opens a booking, downloads its PDF, cancels it, and it moves to Cancelled', async () => {
    const { context, page } = await asDemo('/account/bookings');
    await bookingLink(page, 'LBDEMO0001').click();
    await expect.poll(() => pathname(page)).toBe('/account/bookings/detail');
    await page.getByRole('heading', { name: 'Booking Details', level: 1 }).waitFor();
    await expect.poll(() => page.textContent('main')).toContain('LBDEMO0001');
    await expectNoA11yViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download confirmation (PDF)' }).click();
    const file = await (await download).path();
    const pdf = await fs.readFile(file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('LBDEMO0001');

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel booking LBDEMO0001?' });
    await confirm.waitFor();
    // The dialog checks the booking afresh before it states the refund.
    await expect
      .poll(() => confirm.textContent())
      .toContain('You will be refunded £60.00 to your card in about 5 working days.');
    await expectNoA11yViolations(page);
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByText('Booking LBDEMO0001 has been cancelled.').waitFor();
    await page
      .getByText(/Refund of £60\.00 on its way/)
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);

    // Back leads to the tab the booking is in now.
    await page.getByRole('link', { name: 'Back to My bookings' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('cancelled');
    await bookingLink(page, 'LBDEMO0001').waitFor();
    await tab(page, 'Booked').click();
    await bookingLink(page, 'LBDEMO0002').waitFor();
    expect(await bookingLink(page, 'LBDEMO0001').count()).toBe(0);
    expect(await tab(page, 'Booked').textContent()).toBe('Booked (2)');
    await context.close();
  });

  it('shows a fast-track booking on its own detail page', async () => {
    const { context, page } = await asDemo('/account/bookings');
    await bookingLink(page, 'FTDEMO0001').click();
    await expect.poll(() => pathname(page)).toBe('/account/bookings/ftdetail');
    await page.getByRole('heading', { name: 'Fast Track Booking Details', level: 1 }).waitFor();
    await expect.poll(() => page.textContent('main')).toContain('FTDEMO0001');
    await expectNoA11yViolations(page);
    await context.close();
  });

  it('changes the mobile number with the code sent to it', async () => {
    const { context, page } = await asDemo('/account/profile');
    await page.getByRole('button', { name: 'Edit my details' }).click();
    await page.getByLabel('Mobile number').fill('07400 900456');
    await expectNoA11yViolations(page);
    const known = await sentIds(portal.baseUrl);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const modal = page.getByRole('dialog', { name: 'Enter your 6-digit code' });
    await modal.waitFor();
    await expectNoA11yViolations(page);
    const code = await waitForCode(portal.baseUrl, '+447400900456', known);
    await modal.getByLabel('6-digit code').fill(code);
    await page.getByText('Your details have been saved.').waitFor();
    // Shown grouped as the country writes it (issue 21: it was run together).
    await expect.poll(() => page.textContent('main')).toContain('+44 7400 900456');

    // It is the member's number now: a reload shows it from the server.
    await page.reload();
    await page.getByRole('button', { name: 'Edit my details' }).waitFor();
    await expect.poll(() => page.textContent('main')).toContain('+44 7400 900456');
    await context.close();
  });

  it('sends a contact message, which reaches the support mailbox', async () => {
    const { context, page } = await asDemo('/contact-us');
    const form = page.getByRole('region', { name: 'Send us a message' });
    await form.waitFor();
    // Filled in from the profile.
    await expect.poll(() => form.getByLabel('First name').inputValue()).toBe('Alex');
    expect(await form.getByLabel('Email address').inputValue()).toBe(DEMO.email);
    await form.getByLabel('Subject').selectOption({ label: 'Booking' });
    const message = `Please help with my booking (${Date.now()}).`;
    await form.getByLabel('Message').fill(message);
    await expectNoA11yViolations(page);
    await form.getByRole('button', { name: 'Send message' }).click();
    await page
      .getByText('Thank you. We have received your message and will reply within 2–3 working days.')
      .waitFor();
    await expect
      .poll(async () =>
        (await sentMessages(portal.baseUrl)).some(
          (m) => m.to === SUPPORT_MAILBOX && m.text.includes(message),
        ),
      )
      .toBe(true);
    await expectNoA11yViolations(page);
    await context.close();
  });
});

describe('contact and support', () => {
  it('invites a visitor on /contact-us to log in to write', async () => {
    const { context, page } = await openPage(browser, '/contact-us', { baseUrl: portal.baseUrl });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const link = page.getByRole('link', { name: 'Log in to send us a message' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/login?redirect=%2Fcontact-us');
    expect(await page.getByRole('region', { name: 'Send us a message' }).count()).toBe(0);
    await expectNoA11yViolations(page);
    await context.close();
  });

  it('shows the form on /support in support mode', async () => {
    const { context, page } = await asDemo('/support');
    await page.goto('/support?isGlobalSupport=true');
    await page.getByRole('region', { name: 'Send us a message' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoA11yViolations(page);
    await context.close();
  });
});

describe('offline in the account area (issue 60 item 10)', () => {
  it('My Bookings opened offline shows No internet connection alone, and the page once back', async () => {
    const { context, page } = await asDemo('/account/profile');
    await watchOpenDialogs(page);
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await page.getByRole('alertdialog', { name: 'No internet connection' }).waitFor();
    // To My Bookings in the app (the dialog is modal: its address, as a link would): what it
    // loads fails, and the app has handled the failure once it is idle again.
    const failed = page.waitForEvent('requestfailed');
    await page.evaluate(() => {
      history.pushState(null, '', '/account/bookings');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await failed;
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
    expect(await openedDialogs(page)).toEqual({
      titles: ['No internet connection'],
      mostAtOnce: 1,
    });

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const retry = page.getByRole('alertdialog', { name: 'Something went wrong' });
    const bookings = page.getByRole('heading', { name: 'My Bookings', level: 1 });
    await Promise.race([retry.waitFor(), bookings.waitFor()]);
    // Once back, what failed offline may ask to be tried again: in a dialog of its own.
    expect((await openedDialogs(page))?.mostAtOnce).toBe(1);
    if (await retry.isVisible()) await retry.getByRole('button', { name: 'Try again' }).click();
    await bookings.waitFor();
    await context.close();
  });
});

describe.each(['default', 'natwest'])('account pages in the %s theme', (issuer) => {
  it('every account page and its confirmations pass axe', async () => {
    const { context, page } = await asDemo('/account/profile', { issuer });
    for (const [path, heading] of [
      ['/account/profile', 'My Profile'],
      ['/account/bookings', 'My Bookings'],
      ['/account/bookings/detail?bookingId=LBDEMO0002', 'Booking Details'],
      ['/account/bookings/ftdetail?bookingId=FTDEMO0001', 'Fast Track Booking Details'],
      ['/account/history', 'Usage History'],
      ['/account/cards', 'Payment Cards'],
      ['/account/password', 'Change Password'],
      ['/account/delete-account', 'Delete Account'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoA11yViolations(page);
    }
    expect(await page.evaluate(() => document.documentElement.dataset.issuer)).toBe(issuer);

    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByLabel('I understand that this cannot be undone').check();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await confirm.waitFor();
    await expectNoA11yViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });

    await page.goto('/account/bookings/detail?bookingId=LBDEMO0002');
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel booking LBDEMO0002?' });
    await cancel.waitFor();
    await expect
      .poll(() => cancel.textContent())
      .toContain('Your 1 pass will be returned at once.');
    await expectNoA11yViolations(page);
    await cancel.getByRole('button', { name: 'Keep booking' }).click();
    await context.close();
  });
});

describe('the account area at 375 px', () => {
  it('turns the side menu into a dropdown, and no page scrolls sideways', async () => {
    const { context, page } = await asDemo('/account/profile', {
      viewport: { width: 375, height: 812 },
    });
    const toggle = page.getByRole('button', { name: 'Account menu', exact: true });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await accountMenu(page).getByRole('link', { name: 'My bookings' }).isVisible()).toBe(
      false,
    );
    await toggle.click();
    await accountMenu(page).getByRole('link', { name: 'My bookings' }).click();
    await expect.poll(() => pathname(page)).toBe('/account/bookings');
    await expectNoA11yViolations(page);

    for (const path of [
      '/account/profile',
      '/account/bookings',
      '/account/bookings?tab=past',
      '/account/bookings/detail?bookingId=LBDEMO0002',
      '/account/bookings/ftdetail?bookingId=FTDEMO0001',
      '/account/history',
      '/account/cards',
      '/account/password',
      '/account/delete-account',
      '/contact-us',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});

describe('deleting an account', () => {
  it('deletes a freshly registered account, which then cannot log in', async () => {
    const [dpid] = await issueMemberships(portal.baseUrl, {
      issuer: 'natwest',
      holder: 'Sam Taylor',
    });
    const person = newPerson();
    const { context, page } = await openPage(browser, '/sign-up?issuer=natwest', {
      baseUrl: portal.baseUrl,
      clientIp: '10.30.0.1',
    });
    await registerThroughSignUp(page, portal.baseUrl, dpid!, person);
    await page.goto('/account/delete-account');
    await page.getByRole('heading', { name: 'Delete Account', level: 1 }).waitFor();

    // A wrong password is refused on the field.
    await page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1');
    await page.getByLabel('I understand that this cannot be undone').check();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete your account?' })
      .getByRole('button', { name: 'Delete account' })
      .click();
    await page
      .getByText('Your email address or password is incorrect. Please try again.')
      .waitFor();

    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete your account?' })
      .getByRole('button', { name: 'Delete account' })
      .click();
    const done = page.getByRole('dialog', { name: 'Account deleted' });
    await done.waitFor();
    await expectNoA11yViolations(page);
    await done.getByRole('button', { name: 'Go to the home page' }).click();
    await expect.poll(() => pathname(page)).toBe('/');
    expect(await userMenu(page).count()).toBe(0);

    await page.goto('/login');
    await page.getByLabel('Email address').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page
      .getByText('Your email address or password is incorrect. Please try again.')
      .waitFor();
    expect(await userMenu(page).count()).toBe(0);
    await context.close();
  });
});
