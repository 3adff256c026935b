import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { focusedName, tabTo } from './keyboard';

/**
 * A payment page's button that opens the card-select modal: "Choose a card", or "Change card"
 * once one is chosen (the member's default card is, from the start).
 */
const CARD_BUTTON = /^(Choose a card|Change card)$/;
const cardButton = (page: Page) => page.getByRole('button', { name: CARD_BUTTON });

/** On a payment page: a new card added in the card-select modal, chosen, and shown chosen. */
export async function addAndChooseCard(page: Page, number: string, name: string): Promise<void> {
  await cardButton(page).click();
  const select = page.getByRole('dialog', { name: 'Choose a payment card' });
  await select.getByRole('button', { name: 'Add a new card' }).click();
  const form = page.getByRole('dialog', { name: 'Add a new card' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date').fill('12/30');
  await form.getByLabel('Security code (CVV)').fill('123');
  await form.getByLabel('Name on card').fill(name);
  await form.getByRole('button', { name: 'Add card' }).click();
  await page
    .getByRole('dialog', { name: 'Card added' })
    .getByRole('button', { name: 'Use this card' })
    .click();
  await page.getByText(`•••• ${number.slice(-4)}`).waitFor();
}

/** On a payment page: a card saved before, chosen in the card-select modal by its last digits. */
export async function chooseSavedCard(page: Page, last4: string): Promise<void> {
  await cardButton(page).click();
  const select = page.getByRole('dialog', { name: 'Choose a payment card' });
  await select.getByRole('radio', { name: new RegExp(last4) }).check();
  await select.getByRole('button', { name: 'Use this card' }).click();
  await page.getByText(`•••• ${last4}`).waitFor();
}

/**
 * On a payment page, by keyboard alone: the card-select modal opened, a new card added (number,
 * expiry, code, name typed field by field), chosen, and its security code typed for the payment.
 */
export async function addCardByKeyboard(page: Page, number: string, name: string): Promise<void> {
  await tabTo(page, CARD_BUTTON);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Choose a payment card' }).waitFor();
  await tabTo(page, 'Add a new card');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Add a new card' }).waitFor();
  await expect.poll(() => focusedName(page)).toBe('cardNumber');
  await page.keyboard.type(number);
  for (const typed of ['1230', '123', name]) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(typed);
  }
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Card added' }).waitFor();
  await tabTo(page, 'Use this card');
  await page.keyboard.press('Enter');
  await page.getByText(`•••• ${number.slice(-4)}`).waitFor();
  await tabTo(page, 'cvv');
  await page.keyboard.type('123');
}
