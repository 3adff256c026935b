import type { PaymentCard } from '@portal/contract';
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { accountHandlers, envelope, mockApi, type Handler } from '@/testing/mock-api';
import { savedCard } from '@/testing/cards';
import { logIn, renderApp } from '@/testing/render-app';

export const visa = savedCard;

export const mastercard = (overrides: Partial<PaymentCard> = {}): PaymentCard =>
  visa({
    cardId: 'c2',
    productName: 'Mastercard',
    last4: '4444',
    expiryMonth: 3,
    expiryYear: 2029,
    isDefault: false,
    ...overrides,
  });

export const expiredAmex = (overrides: Partial<PaymentCard> = {}): PaymentCard =>
  visa({
    cardId: 'c3',
    productName: 'American Express',
    last4: '0005',
    expiryMonth: 1,
    expiryYear: 2024,
    isExpired: true,
    isDefault: false,
    ...overrides,
  });

export const SESSION = {
  clientSessionId: 'session-1',
  customerId: 'customer-1',
  clientApiUrl: 'http://psp.test/client',
  assetUrl: 'http://psp.test/assets',
};

export const ENCRYPTED = { encryptCustomerInput: 'a.b.c.d.e', paymentProductId: 1 };

/** The payment calls, each a spy answering success unless a test says otherwise. */
export function cardsApi(
  cards: PaymentCard[] = [visa(), mastercard()],
  handlers: Partial<Record<string, Handler>> = {},
) {
  const spy = (path: string, fallback: Handler) => vi.fn<Handler>(handlers[path] ?? fallback);
  const api = {
    list: spy('/payment/payment-cards', () => envelope(cards)),
    session: spy('/payment/create-session', () => envelope(SESSION)),
    add: spy('/payment/add-card', () => envelope({ status: 'added', card: visa() })),
    status: spy('/payment/add-card/check-status', () =>
      envelope({ status: 'added', card: visa() }),
    ),
    setDefault: spy('/payment/set-default', () => envelope(cards)),
    remove: spy('/payment/delete', () => envelope(cards)),
  };
  const fetchMock = mockApi({
    ...accountHandlers,
    '/payment/payment-cards': api.list,
    '/payment/create-session': api.session,
    '/payment/add-card': api.add,
    '/payment/add-card/check-status': api.status,
    '/payment/set-default': api.setDefault,
    '/payment/delete': api.remove,
  });
  return { ...api, fetchMock };
}

export type CardsApi = ReturnType<typeof cardsApi>;

/** Logged in, at /account/cards (or a URL of it), once its heading is there. */
export async function openCards(url = '/account/cards') {
  logIn();
  const app = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Payment Cards' }, { timeout: 10_000 });
  return app;
}

/** The payload a spy was first called with. */
export const payloadOf = (handler: { mock: { calls: unknown[][] } }, call = 0) =>
  handler.mock.calls[call]?.[0];
