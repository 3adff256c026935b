import type { OrderState, PaymentCard } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, membershipHandlers, mockApi, type Handler } from '@/testing/mock-api';
import { savedCard } from '@/testing/cards';
import { logIn, renderApp } from '@/testing/render-app';
import { storage } from '@/shared/storage/storage';

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

/** What `demoMembership` can buy: 5 passes, spent by the day it expires. */
const passPrices = () =>
  envelope({
    dpid: '1234567812345678',
    items: [
      {
        item: 'pass-pack:5',
        kind: 'pass-pack',
        description: '5 lounge passes',
        passes: 5,
        validUntil: '2028-03-31',
        amount: 12000,
        currency: 'GBP',
      },
    ],
  });

/** The calls of buying a pass pack, for a logged-in member holding `demoMembership`. */
function mockBuying(cards: PaymentCard[], handlers: Record<string, Handler> = {}) {
  const prepare = vi.fn<Handler>(() => envelope(fulfilled));
  mockApi({
    ...membershipHandlers,
    '/membership/charge-price/get': passPrices,
    '/payment/payment-cards': () => envelope(cards),
    [CACHE_CVV]: () => new Response(null, { status: 204 }),
    '/membership/charge-price/v2a/prepare-order': prepare,
    '/membership/charge-price/v2a/check-payment-status': () => envelope(fulfilled),
    ...handlers,
  });
  logIn();
  return prepare;
}

function buyPage(cards: PaymentCard[]) {
  const prepare = mockBuying(cards);
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

const PAGE_TITLE_SUFFIX = ' | Airport Lounges & Fast Track';
const payButton = () => screen.getByRole('button', { name: /^Pay / });
/** The page's own headings as "h1 Buy passes", in document order. */
const headings = () =>
  within(screen.getByRole('main'))
    .getAllByRole('heading')
    .map((heading) => `${heading.tagName.toLowerCase()} ${heading.textContent}`);

describe('what is bought, said before paying (issue 60)', () => {
  it('"Buy passes" leads to Buy passes, saying how long they last and the refund terms before Pay', async () => {
    let answerPrices!: (prices: Response) => void;
    mockBuying([defaultVisa], {
      '/membership/charge-price/get': () => new Promise((resolve) => (answerPrices = resolve)),
    });
    const { user } = renderApp('/membership/overview');
    await user.click(await screen.findByRole('link', { name: 'Buy passes' }));
    // Titled so from the start, while the prices are still on their way.
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy passes' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`Buy passes${PAGE_TITLE_SUFFIX}`));
    expect(screen.getByText('Loading your membership…')).toBeTruthy();
    answerPrices(passPrices());

    await screen.findByText('Visa •••• 1111');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Buy passes');
    expect(screen.queryByRole('heading', { name: 'Buy Membership' })).toBeNull();
    const terms = screen.getByRole('heading', { level: 2, name: 'Before you pay' }).parentElement!;
    expect(terms.textContent).toContain(
      'These passes can be used until 31 Mar 2028, the last day of your membership. ' +
        'They do not lapse at the end of the year.',
    );
    expect(terms.textContent).toContain(
      'Passes cannot be cancelled or refunded once they are added to your membership. If we ' +
        'cannot add them after taking your payment, we refund it to your card in about 5 ' +
        'working days.',
    );
    // Read before the button, and the headings in order.
    expect(
      terms.compareDocumentPosition(payButton()) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(headings()).toEqual(['h1 Buy passes', 'h2 Before you pay']);
  });

  it('back from the bank, paying for passes is still titled Buy passes', async () => {
    mockBuying([defaultVisa], {
      '/membership/charge-price/v2a/check-payment-status': () =>
        envelope({ ...fulfilled, outcome: 'pending' }),
    });
    storage.set('chargeNum', 5);
    renderApp('/membership/buy?orderId=order-1&threeDS=return');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy passes' })).toBeTruthy();
  });

  it('a renewal keeps Buy Membership, and says until when it runs and its refund terms', async () => {
    const renewal = {
      item: 'renewal:12',
      kind: 'renewal',
      description: 'Membership renewal for 12 months',
      passes: 0,
      renewsUntil: '2027-11-25',
      amount: 9500,
      currency: 'GBP',
    };
    logIn();
    mockApi({
      ...membershipHandlers,
      '/membership/charge-price/get': () =>
        envelope({ dpid: '1234567812345678', items: [renewal] }),
      '/payment/payment-cards': () => envelope([defaultVisa]),
    });
    renderApp('/membership/buy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy Membership' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`Buy Membership${PAGE_TITLE_SUFFIX}`));
    const terms = (await screen.findByRole('heading', { level: 2, name: 'Before you pay' }))
      .parentElement!;
    expect(terms.textContent).toContain(
      'Once renewed, your membership is valid until 25 Nov 2027.',
    );
    expect(terms.textContent).toContain(
      'A renewal cannot be cancelled or refunded once your membership is renewed. If we cannot ' +
        'renew it after taking your payment, we refund it to your card in about 5 working days.',
    );
    expect(terms.textContent).not.toContain('passes');
    expect(
      terms.compareDocumentPosition(payButton()) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});
