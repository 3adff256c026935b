import type { OrderState, PaymentCard } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, membershipHandlers, mockApi, type Handler } from '@/testing/mock-api';
import { savedCard } from '@/testing/cards';
import { logIn, renderApp } from '@/testing/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

const CACHE_CVV = savedCard().securityCode.url;
const card = (overrides: Partial<PaymentCard> & Pick<PaymentCard, 'cardId'>): PaymentCard =>
  savedCard({ isDefault: false, ...overrides });
const defaultVisa = card({ cardId: 'c1', isDefault: true });
const mastercard = card({ cardId: 'c2', productName: 'Mastercard', last4: '4444' });

const fulfilled: OrderState = {
  orderId: 'order-1',
  reference: 'ORAAAAAAAA',
  outcome: 'fulfilled',
  lines: [],
  amount: 12000,
  currency: 'GBP',
};

function buyPage(cards: PaymentCard[]) {
  const prepare = vi.fn<Handler>(() => envelope(fulfilled));
  mockApi({
    ...membershipHandlers,
    '/membership/charge-price/get': () =>
      envelope({
        dpid: '1234567812345678',
        items: [
          {
            item: 'pass-pack:5',
            kind: 'pass-pack',
            description: '5 lounge passes',
            passes: 5,
            amount: 12000,
            currency: 'GBP',
          },
        ],
      }),
    '/payment/payment-cards': () => envelope(cards),
    [CACHE_CVV]: () => new Response(null, { status: 204 }),
    '/membership/charge-price/v2a/prepare-order': prepare,
    '/membership/charge-price/v2a/check-payment-status': () => envelope(fulfilled),
  });
  logIn();
  return { ...renderApp('/membership/buy'), prepare };
}

describe('buying passes: the card to pay with', () => {
  it("starts with the member's default card chosen, and pays with it", async () => {
    const { user, prepare } = buyPage([mastercard, defaultVisa]);
    expect(await screen.findByText('Visa •••• 1111')).toBeTruthy();
    expect(screen.queryByText('No card chosen yet.')).toBeNull();
    await user.type(screen.getByLabelText('Security code'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £120.00' }));
    await waitFor(() => expect(prepare).toHaveBeenCalledTimes(1));
    const sent = JSON.parse(prepare.mock.calls[0]![1].body as string) as Record<string, unknown>;
    expect(sent).toMatchObject({ item: 'pass-pack:5', cardId: 'c1' });
  });

  it('lets the member choose another card instead', async () => {
    const { user, prepare } = buyPage([defaultVisa, mastercard]);
    await user.click(await screen.findByRole('button', { name: 'Change card' }));
    const select = await screen.findByRole('dialog', { name: 'Choose a payment card' });
    expect(
      within(select).getByRole<HTMLInputElement>('radio', { name: /^Visa ending 1111/ }).checked,
    ).toBe(true);
    await user.click(within(select).getByRole('radio', { name: /^Mastercard ending 4444/ }));
    await user.click(within(select).getByRole('button', { name: 'Use this card' }));
    expect(await screen.findByText('Mastercard •••• 4444')).toBeTruthy();
    await user.type(screen.getByLabelText('Security code'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £120.00' }));
    await waitFor(() => expect(prepare).toHaveBeenCalledTimes(1));
    const sent = JSON.parse(prepare.mock.calls[0]![1].body as string) as Record<string, unknown>;
    expect(sent.cardId).toBe('c2');
  });

  it('never starts with an expired card, even the default one', async () => {
    const { user, prepare } = buyPage([{ ...defaultVisa, isExpired: true }]);
    expect(await screen.findByRole('button', { name: 'Choose a card' })).toBeTruthy();
    expect(screen.getByText('No card chosen yet.')).toBeTruthy();
    await user.type(screen.getByLabelText('Security code'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £120.00' }));
    expect(await screen.findByText('Please choose a payment card.')).toBeTruthy();
    expect(prepare).not.toHaveBeenCalled();
  });
});
