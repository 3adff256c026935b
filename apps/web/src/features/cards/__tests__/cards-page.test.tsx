import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, failure } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { cardsApi, expiredAmex, mastercard, openCards, payloadOf, visa } from './cards-fixtures';
import { dialogsClosed } from '@/testing/dialogs';

const cardItems = () =>
  within(screen.getByRole('region', { name: 'Your cards' })).getAllByRole('listitem');

const cardNames = () =>
  cardItems()
    .map((item) => item.querySelector('.card-item__name')?.textContent)
    .filter(Boolean);

describe('payment cards (/account/cards)', { timeout: 15_000 }, () => {
  it('is for members only', async () => {
    const api = cardsApi();
    const { router } = renderApp('/account/cards');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.list).not.toHaveBeenCalled();
  });

  it('lists the cards, the default first, with their expiry', async () => {
    cardsApi([visa(), mastercard(), expiredAmex()]);
    await openCards();
    const list = await screen.findByRole('region', { name: 'Your cards' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(cardNames()).toEqual([
      'Visa ending 1111',
      'Mastercard ending 4444',
      'American Express ending 0005',
    ]);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Expires 12/30')).toBeTruthy();
    expect(within(first).getByText('Default card')).toBeTruthy();
    expect(
      within(first).queryByRole('button', { name: 'Make Visa ending 1111 your default card' }),
    ).toBeNull();
    expect(within(first).getByRole('button', { name: 'Delete Visa ending 1111' })).toBeTruthy();

    expect(within(second).getByText('Expires 03/29')).toBeTruthy();
    expect(within(second).queryByText('Default card')).toBeNull();
    expect(
      within(second).getByRole('button', { name: 'Make Mastercard ending 4444 your default card' }),
    ).toBeTruthy();

    expect(within(third).getByText('Expired 01/24')).toBeTruthy();
    expect(within(third).queryByText(/^Expires/)).toBeNull();
  });

  it('says when there are no cards yet', async () => {
    cardsApi([]);
    await openCards();
    expect(await screen.findByText('You have no saved payment cards yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your cards' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a new card' })).toBeTruthy();
  });

  it('shows a failed load with Try again', async () => {
    let fail = true;
    const api = cardsApi([visa()], {
      '/payment/payment-cards': () =>
        fail ? new Response('down', { status: 503 }) : envelope([visa()]),
    });
    const { user } = await openCards();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your cards. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Visa ending 1111')).toBeTruthy();
    expect(api.list).toHaveBeenCalledTimes(2);
  });

  it('makes a card the default, and shows the list as the server answers it', async () => {
    const api = cardsApi([visa(), mastercard()], {
      '/payment/set-default': () =>
        envelope([mastercard({ isDefault: true }), visa({ isDefault: false })]),
    });
    const { user } = await openCards();
    await user.click(
      await screen.findByRole('button', { name: 'Make Mastercard ending 4444 your default card' }),
    );
    await waitFor(() =>
      expect(screen.getByText('Mastercard ending 4444 is now your default card.')).toBeTruthy(),
    );
    expect(payloadOf(api.setDefault)).toEqual({ cardId: 'c2' });
    expect(cardNames()).toEqual(['Mastercard ending 4444', 'Visa ending 1111']);
    const first = cardItems()[0]!;
    expect(within(first).getByText('Default card')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Make Visa ending 1111 your default card' }),
    ).toBeTruthy();
    // The list is the answer itself: not read again.
    expect(api.list).toHaveBeenCalledTimes(1);
  });

  it('says so when the default cannot be changed', async () => {
    const api = cardsApi([visa(), mastercard()], {
      '/payment/set-default': () => failure('10002', 'not found'),
    });
    const { user } = await openCards();
    await user.click(
      await screen.findByRole('button', { name: 'Make Mastercard ending 4444 your default card' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not change your cards. Please try again.',
    );
    // The list is read again, in case the card is gone.
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
  });

  it('Keep card closes the confirmation without deleting', async () => {
    const api = cardsApi();
    const { user } = await openCards();
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending 1111' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Visa ending 1111?' });
    expect(confirm.textContent).toContain(
      'This is your default card: your next card becomes the default.',
    );
    const keep = within(confirm).getByRole('button', { name: 'Keep card' });
    // The safe choice first, where focus lands.
    expect(document.activeElement).toBe(keep);
    await user.click(keep);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.remove).not.toHaveBeenCalled();
    expect(cardNames()).toEqual(['Visa ending 1111', 'Mastercard ending 4444']);
  });

  it('Delete card deletes it and says so', async () => {
    const api = cardsApi([visa(), mastercard()], {
      '/payment/delete': () => envelope([mastercard({ isDefault: true })]),
    });
    const { user } = await openCards();
    await user.click(await screen.findByRole('button', { name: 'Delete Visa ending 1111' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Visa ending 1111?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete card' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(payloadOf(api.remove)).toEqual({ cardId: 'c1' });
    expect(await screen.findByText('Visa ending 1111 has been deleted.')).toBeTruthy();
    expect(cardNames()).toEqual(['Mastercard ending 4444']);
    expect(screen.getByText('Default card')).toBeTruthy();
    // The deleted card's buttons are gone: focus is on the list's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your cards' })),
    );
  });

  it('opens the add-card dialog from ?add=1, and forgets it once closed', async () => {
    cardsApi();
    logIn();
    const { user, router } = renderApp('/account/cards?add=1');
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Add a new card' },
      { timeout: 10_000 },
    );
    expect(within(dialog).getByLabelText('Card number')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await dialogsClosed();
    expect(router.state.location.search).toBe('');
  });

  it('opens the add-card dialog from Add a new card', async () => {
    cardsApi();
    const { user } = await openCards();
    await user.click(screen.getByRole('button', { name: 'Add a new card' }));
    expect(await screen.findByRole('dialog', { name: 'Add a new card' })).toBeTruthy();
  });
});
