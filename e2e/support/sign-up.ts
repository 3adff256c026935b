import type { Page } from 'playwright-core';
import { sentIds, waitForCode } from './outbox';

/** A fresh member: unique email and a mobile number no other test registers. */
let people = 0;
export function newPerson() {
  people += 1;
  const stamp = `${Date.now()}${people}`;
  return {
    firstName: 'Sam',
    lastName: 'Taylor',
    email: `sam.${stamp}@example.com`,
    mobile: `07400 ${String(100000 + ((Number(stamp.slice(-5)) * 7 + people) % 900000))}`,
    password: 'Register-Pass-2026!',
  };
}
export type Person = ReturnType<typeof newPerson>;

export async function numberStep(page: Page, dpid: string) {
  await page.getByLabel('Membership number').fill(dpid);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The number the SMS codes of `person` go to, as the outbox names it. */
export const mobileE164 = (person: Person) =>
  `+44${person.mobile.replace(/\D/g, '').replace(/^0/, '')}`;

/** Step 2, with the code sent by email unless told. */
export async function detailsStep(page: Page, person: Person, by: 'email' | 'sms' = 'email') {
  await page.getByRole('heading', { name: 'Your personal details' }).waitFor();
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email address').fill(person.email);
  await page.getByLabel('Mobile number').fill(person.mobile);
  await page.getByRole('radio', { name: by === 'sms' ? 'Text message (SMS)' : 'Email' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Registers `dpid` for `person` through the sign-up pages (the page must be at /sign-up), with
 * the emailed code from the development outbox: the member is then logged in. It ends on the
 * success step with `stayOnFinish`, else on the account page past the first login's invitation.
 */
export async function registerThroughSignUp(
  page: Page,
  portalUrl: string,
  dpid: string,
  person: Person,
  { stayOnFinish = false }: { stayOnFinish?: boolean } = {},
): Promise<void> {
  await numberStep(page, dpid);
  await detailsStep(page, person);
  const known = await sentIds(portalUrl);
  await page
    .getByRole('dialog', { name: 'Confirm your details' })
    .getByRole('button', { name: 'Yes' })
    .click();
  const codeModal = page.getByRole('dialog', { name: 'Enter your 6-digit code' });
  await codeModal.waitFor();
  await codeModal
    .getByLabel('6-digit code')
    .fill(await waitForCode(portalUrl, person.email, known));
  await page.getByRole('heading', { name: 'Create your password' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByLabel('I have read and agree to the terms and conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Registration complete' }).waitFor();
  if (stayOnFinish) return;
  // On to the account, where the first login's invitation to add a card is declined for now:
  // the journeys that follow start from a member past their first steps.
  await page.getByRole('link', { name: 'Go to my account' }).click();
  const invitation = page.getByRole('dialog', { name: 'Add a payment card' });
  await invitation.getByRole('button', { name: 'Not now' }).click();
  await invitation.waitFor({ state: 'detached' });
}
