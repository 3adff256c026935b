import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, offContract } from '@/testing/mock-api';
import type * as EncryptCardModule from '../lib/encrypt-card';
import { CardCheckError, encryptCard } from '../lib/encrypt-card';
import { ENCRYPTED, SESSION, cardsApi, openCards, payloadOf } from './cards-fixtures';
import { dialogsClosed } from '@/testing/dialogs';

vi.mock('../lib/encrypt-card', async (importOriginal) => ({
  ...(await importOriginal<typeof EncryptCardModule>()),
  encryptCard: vi.fn(),
}));

const encrypt = vi.mocked(encryptCard);

beforeEach(() => {
  encrypt.mockReset().mockResolvedValue(ENCRYPTED);
});

const input = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText<HTMLInputElement>(label);

/** The cards page with the add-card dialog open. */
async function openDialog(api = cardsApi()) {
  const app = await openCards();
  await app.user.click(screen.getByRole('button', { name: 'Add a new card' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a new card' });
  return { ...app, api, dialog };
}

const TYPED = { cardNumber: '4111111111111111', expiry: '1230', cvv: '123', nameOnCard: 'Ann Lee' };

async function fillAndSubmit(user: UserEvent, dialog: HTMLElement, values = TYPED) {
  await user.type(input(dialog, 'Card number'), values.cardNumber);
  await user.type(input(dialog, 'Expiry date'), values.expiry);
  await user.type(input(dialog, 'Security code (CVV)'), values.cvv);
  await user.type(input(dialog, 'Name on card'), values.nameOnCard);
  await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
}

describe('add a card (the dialog on /account/cards)', { timeout: 15_000 }, () => {
  it('checks the fields before anything is sent', async () => {
    const { user, dialog, api } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(4);
    for (const label of ['Card number', 'Expiry date', 'Security code (CVV)', 'Name on card']) {
      expect(input(dialog, label).getAttribute('aria-invalid')).toBe('true');
    }
    await waitFor(() => expect(document.activeElement).toBe(input(dialog, 'Card number')));
    expect(encrypt).not.toHaveBeenCalled();
    expect(api.session).not.toHaveBeenCalled();
    expect(api.add).not.toHaveBeenCalled();
  });

  it('says which rule a value breaks', async () => {
    const { user, dialog, api } = await openDialog();
    await fillAndSubmit(user, dialog, {
      cardNumber: '4111111111111',
      expiry: '1320',
      cvv: '12',
      nameOnCard: 'Анна',
    });
    expect(within(dialog).getByText('Please enter at least 14 digits.')).toBeTruthy();
    expect(within(dialog).getByText('The expiry date is invalid.')).toBeTruthy();
    expect(within(dialog).getByText('The security code (CVV) is invalid.')).toBeTruthy();
    expect(within(dialog).getByText('Please use Latin characters only.')).toBeTruthy();
    expect(api.add).not.toHaveBeenCalled();
  });

  it('groups the card number in fours and puts the slash in the expiry as it is typed', async () => {
    const { user, dialog } = await openDialog();
    const number = input(dialog, 'Card number');
    await user.type(number, '41111');
    expect(number.value).toBe('4111 1');
    await user.type(number, '11111111111');
    expect(number.value).toBe('4111 1111 1111 1111');
    // No more than 16 digits.
    await user.type(number, '9');
    expect(number.value).toBe('4111 1111 1111 1111');
    const expiry = input(dialog, 'Expiry date');
    await user.type(expiry, '123');
    expect(expiry.value).toBe('12/3');
    await user.type(expiry, '0');
    expect(expiry.value).toBe('12/30');
  });

  it('adds the card: only the encrypted card and the name go to the server', async () => {
    const { user, dialog, api } = await openDialog();
    await fillAndSubmit(user, dialog, { ...TYPED, nameOnCard: ' Ann Lee ' });
    const done = await screen.findByRole('dialog', { name: 'Card added' });
    expect(done.textContent).toContain('Visa ending 1111 has been added to your account.');

    expect(encrypt).toHaveBeenCalledWith(SESSION, {
      cardNumber: '4111 1111 1111 1111',
      expiry: '12/30',
      cvv: '123',
      nameOnCard: ' Ann Lee ',
    });
    expect(payloadOf(api.add)).toEqual({
      encryptCustomerInput: 'a.b.c.d.e',
      paymentProductId: 1,
      cardHolder: 'Ann Lee',
      source: 'account',
    });
    const sent = JSON.stringify(payloadOf(api.add));
    expect(sent).not.toContain('4111');
    expect(sent).not.toContain('12/30');
    expect(sent).not.toMatch(/cvv|expiry|cardNumber/i);
    // The list is read again, with the new card.
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));

    await user.click(within(done).getByRole('button', { name: 'Done' }));
    await dialogsClosed();
  });

  it('sends the member to the bank when the card asks for 3-D Secure', async () => {
    const api = cardsApi(undefined, {
      '/payment/add-card': () =>
        envelope({
          status: 'verify',
          code: '61005',
          cardId: 'c1',
          threeDSRedirectUrl: 'http://psp.test/3ds/t1',
        }),
    });
    const { user, dialog } = await openDialog(api);
    await fillAndSubmit(user, dialog);
    const verify = await screen.findByRole('dialog', { name: 'Verify your card' });
    const link = within(verify).getByRole('link', { name: 'Continue to verification' });
    expect(link.getAttribute('href')).toBe('http://psp.test/3ds/t1');
    expect(api.list).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['61007', 'cardAuthFailed'],
    ['430712', 'cardAuthFailedIssuer'],
  ])('%s: Authentication Failed, and Try again starts from an empty form', async (code) => {
    const api = cardsApi(undefined, { '/payment/add-card': () => failure(code, 'refused') });
    const { user, dialog } = await openDialog(api);
    await fillAndSubmit(user, dialog);
    const failed = await screen.findByRole('alertdialog', { name: 'Authentication Failed' });
    expect(failed.textContent).toContain('Your bank could not confirm this card');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    const again = await screen.findByRole('dialog', { name: 'Add a new card' });
    for (const label of ['Card number', 'Expiry date', 'Security code (CVV)', 'Name on card']) {
      expect(input(again, label).value).toBe('');
      // A fresh form: no message until it is sent again.
      expect(input(again, label).getAttribute('aria-invalid')).toBeNull();
    }
    expect(within(again).queryByText('This field is required.')).toBeNull();
  });

  it('61010: Card not added, and Back to card details keeps what was typed but the CVV', async () => {
    const api = cardsApi(undefined, {
      '/payment/add-card': () => failure('61010', 'duplicate'),
    });
    const { user, dialog } = await openDialog(api);
    await fillAndSubmit(user, dialog);
    const error = await screen.findByRole('alertdialog', { name: 'Card not added' });
    expect(error.textContent).toContain('This card is already registered.');
    await user.click(within(error).getByRole('button', { name: 'Back to card details' }));
    const form = await screen.findByRole('dialog', { name: 'Add a new card' });
    expect(input(form, 'Card number').value).toBe('4111 1111 1111 1111');
    expect(input(form, 'Expiry date').value).toBe('12/30');
    expect(input(form, 'Name on card').value).toBe('Ann Lee');
    expect(input(form, 'Security code (CVV)').value).toBe('');
  });

  it.each([
    [
      'notAccepted',
      'Card not accepted. We are unable to accept this card type. Please use a different card.',
    ],
    ['notRecognized', 'Card not recognized. Please check the card details and try again.'],
  ] as const)('the provider refuses the card before it is sent (%s)', async (reason, message) => {
    encrypt.mockRejectedValue(new CardCheckError(reason));
    const { user, dialog, api } = await openDialog();
    await fillAndSubmit(user, dialog);
    const error = await screen.findByRole('alertdialog', { name: 'Card not added' });
    expect(error.textContent).toContain(message);
    expect(api.add).not.toHaveBeenCalled();
    await user.click(within(error).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's name check on Name on card", async () => {
    const api = cardsApi(undefined, {
      '/payment/add-card': () =>
        failure('10001', 'invalid', {
          fields: [{ path: 'cardHolder', message: 'card-error-name-mismatch' }],
        }),
    });
    const { user, dialog } = await openDialog(api);
    await fillAndSubmit(user, dialog);
    const name = input(dialog, 'Name on card');
    const message = await within(dialog).findByText(
      'The name on the card does not match the card details entered.',
    );
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(input(dialog, 'Security code (CVV)').value).toBe('');
  });

  it("shows the provider's expiry check on Expiry date", async () => {
    const api = cardsApi(undefined, {
      '/payment/add-card': () =>
        failure('10001', 'invalid', {
          fields: [{ path: 'expiryDate', message: 'card-error-date' }],
        }),
    });
    const { user, dialog } = await openDialog(api);
    await fillAndSubmit(user, dialog);
    await within(dialog).findByText('The expiry date is invalid.');
    expect(input(dialog, 'Expiry date').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says something went wrong when the encrypted card itself is refused', async () => {
    const api = cardsApi(undefined, {
      '/payment/add-card': () =>
        failure('10001', 'invalid', {
          fields: [{ path: 'encryptCustomerInput', message: 'form-invalid' }],
        }),
    });
    const { user, dialog } = await openDialog(api);
    await fillAndSubmit(user, dialog);
    const error = await screen.findByRole('alertdialog', { name: 'Card not added' });
    await user.click(within(error).getByRole('button', { name: 'Back to card details' }));
    const form = await screen.findByRole('dialog', { name: 'Add a new card' });
    expect(input(form, 'Card number').value).toBe('4111 1111 1111 1111');
  });

  it('says something went wrong for a code the call does not list', async () => {
    const api = cardsApi(undefined, {
      '/payment/add-card': () => offContract(failure('99999', 'odd')),
    });
    const { user, dialog } = await openDialog(api);
    await fillAndSubmit(user, dialog);
    const error = await screen.findByRole('alertdialog', { name: 'Card not added' });
    expect(error.textContent).toContain(
      'Something went wrong while adding your card. Please try again.',
    );
  });
});
