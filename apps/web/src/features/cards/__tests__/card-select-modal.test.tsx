import type { PaymentCard } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '@/testing/mock-api';
import { logIn } from '@/testing/render-app';
import { renderUi } from '@/testing/render-ui';
import { CardSelectModal } from '../components/card-select-modal';
import type * as EncryptCardModule from '../lib/encrypt-card';
import { encryptCard } from '../lib/encrypt-card';
import {
  ENCRYPTED,
  cardsApi,
  expiredAmex,
  mastercard,
  payloadOf,
  visa,
  type CardsApi,
} from './cards-fixtures';

vi.mock('../lib/encrypt-card', async (importOriginal) => ({
  ...(await importOriginal<typeof EncryptCardModule>()),
  encryptCard: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(encryptCard).mockReset().mockResolvedValue(ENCRYPTED);
});

// The default is not first here, so choosing it is not just choosing the first card.
const CARDS = [mastercard(), visa(), expiredAmex()];

function openModal(api: CardsApi = cardsApi(CARDS), props: { selectedId?: string } = {}) {
  logIn();
  const onSelect = vi.fn<(card: PaymentCard) => void>();
  const onClose = vi.fn<() => void>();
  const user = userEvent.setup();
  const view = renderUi(<CardSelectModal {...props} onSelect={onSelect} onClose={onClose} />);
  return { ...view, api, user, onSelect, onClose };
}

const modal = () => screen.findByRole('dialog', { name: 'Choose a payment card' });
const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });

describe('CardSelectModal', { timeout: 15_000 }, () => {
  it('offers the cards that have not expired, the default chosen', async () => {
    openModal();
    const dialog = await modal();
    const group = await within(dialog).findByRole('group', { name: 'Your cards' });
    const radios = within(group).getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual([
      'Mastercard ending 4444, Expires 03/29',
      'Visa ending 1111, Expires 12/30',
    ]);
    expect(radio('Visa ending 1111, Expires 12/30').checked).toBe(true);
    expect(radio('Mastercard ending 4444, Expires 03/29').checked).toBe(false);
    expect(within(dialog).queryByText(/American Express/)).toBeNull();
  });

  it('Use this card answers the card chosen', async () => {
    const { user, onSelect, onClose } = openModal();
    const dialog = await modal();
    await user.click(await within(dialog).findByRole('radio', { name: /^Mastercard ending 4444/ }));
    expect(radio('Mastercard ending 4444, Expires 03/29').checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Use this card' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(CARDS[0]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts at the card already chosen, and answers the default when left as it is', async () => {
    const first = openModal(cardsApi(CARDS), { selectedId: 'c2' });
    const dialog = await modal();
    await within(dialog).findByRole('group', { name: 'Your cards' });
    expect(radio('Mastercard ending 4444, Expires 03/29').checked).toBe(true);
    first.unmount();

    const second = openModal(cardsApi(CARDS), { selectedId: 'c3' });
    const again = await modal();
    await within(again).findByRole('group', { name: 'Your cards' });
    // An expired card cannot be chosen: the default is.
    expect(radio('Visa ending 1111, Expires 12/30').checked).toBe(true);
    await second.user.click(within(again).getByRole('button', { name: 'Use this card' }));
    expect(second.onSelect).toHaveBeenCalledWith(CARDS[1]);
  });

  it('says when there is no card to use', async () => {
    openModal(cardsApi([expiredAmex()]));
    const dialog = await modal();
    expect(
      await within(dialog).findByText('You have no saved cards. Add one to continue.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Use this card' })).toBeNull();
  });

  it('Cancel closes it', async () => {
    const { user, onClose, onSelect } = openModal();
    const dialog = await modal();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('Add a new card opens the add-card form, and Cancel comes back to the cards', async () => {
    const { user, onClose } = openModal();
    const dialog = await modal();
    await user.click(within(dialog).getByRole('button', { name: 'Add a new card' }));
    const form = await screen.findByRole('dialog', { name: 'Add a new card' });
    expect(screen.queryByRole('dialog', { name: 'Choose a payment card' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(await modal()).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a card added here is chosen', async () => {
    const added = visa({ cardId: 'c9', last4: '4242', isDefault: false });
    let cards = CARDS;
    const api = cardsApi(CARDS, {
      '/payment/payment-cards': () => envelope(cards),
      '/payment/add-card': () => {
        cards = [...CARDS, added];
        return envelope({ status: 'added', card: added });
      },
    });
    const { user, onSelect } = openModal(api);
    await user.click(within(await modal()).getByRole('button', { name: 'Add a new card' }));
    const form = await screen.findByRole('dialog', { name: 'Add a new card' });
    await user.type(within(form).getByLabelText('Card number'), '4242424242424242');
    await user.type(within(form).getByLabelText('Expiry date'), '1230');
    await user.type(within(form).getByLabelText('Security code (CVV)'), '123');
    await user.type(within(form).getByLabelText('Name on card'), 'Ann Lee');
    await user.click(within(form).getByRole('button', { name: 'Add card' }));
    const done = await screen.findByRole('dialog', { name: 'Card added' });
    expect(payloadOf(api.add)).toEqual(expect.objectContaining({ source: 'payment' }));

    // Paying with the new card is the next step: the success modal's button chooses it, even
    // before the list has been read again.
    await user.click(within(done).getByRole('button', { name: 'Use this card' }));
    expect(onSelect).toHaveBeenCalledWith(added);
  });

  it('offers a card added here at once, before the list is read again', async () => {
    const added = visa({ cardId: 'c9', last4: '4242', isDefault: false });
    const api = cardsApi(CARDS, {
      // The list never catches up in this test.
      '/payment/payment-cards': () => envelope(CARDS),
      '/payment/add-card': () => envelope({ status: 'added', card: added }),
    });
    const { user, onSelect } = openModal(api);
    await user.click(within(await modal()).getByRole('button', { name: 'Add a new card' }));
    const form = await screen.findByRole('dialog', { name: 'Add a new card' });
    await user.type(within(form).getByLabelText('Card number'), '4242424242424242');
    await user.type(within(form).getByLabelText('Expiry date'), '1230');
    await user.type(within(form).getByLabelText('Security code (CVV)'), '123');
    await user.type(within(form).getByLabelText('Name on card'), 'Ann Lee');
    await user.click(within(form).getByRole('button', { name: 'Add card' }));
    const done = await screen.findByRole('dialog', { name: 'Card added' });
    // Escape closes the success modal: back to the choice, with the new card chosen.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(done.isConnected).toBe(false));
    const dialog = await modal();
    await waitFor(() => expect(radio('Visa ending 4242, Expires 12/30').checked).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: 'Use this card' }));
    expect(onSelect).toHaveBeenCalledWith(added);
  });
});
