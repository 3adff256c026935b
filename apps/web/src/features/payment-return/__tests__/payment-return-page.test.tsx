import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, failure, mockApi } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { isLoggedIn } from '@/shared/storage/login-state';

const REF = 'r'.repeat(43);
const back = `/membership/buy?orderId=order-1&threeDS=return&ref=${REF}`;

describe('back from 3-D Secure with no login here', () => {
  it('tells the outcome by the return reference, and offers a login back to the purchase', async () => {
    const asked: unknown[] = [];
    const fetchMock = mockApi({
      '/payment/return-status': (body) => {
        asked.push(body);
        return envelope({ outcome: 'fulfilled', purchase: 'passes', reference: 'OR7K2M9Q4X' });
      },
    });
    const { router } = renderApp(back);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment confirmed' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payment/return');
    expect(asked).toEqual([{ ref: REF }]);
    expect(screen.getByText('Your lounge passes are added to your membership.')).toBeTruthy();
    expect(screen.getByText('Order reference: OR7K2M9Q4X')).toBeTruthy();
    // Never logged in from the address; the login comes back to the page, without the reference.
    expect(isLoggedIn()).toBe(false);
    const login = screen.getByRole('link', { name: 'Log in to continue' });
    const target = new URL(login.getAttribute('href') ?? '', 'http://portal.test');
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('redirect')).toBe(
      '/membership/buy?orderId=order-1&threeDS=return',
    );
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
  });

  it('a declined payment: unsuccessful, nothing taken', async () => {
    mockApi({
      '/payment/return-status': () =>
        envelope({ outcome: 'failed', purchase: 'lounge-booking', reference: 'OR1' }),
    });
    renderApp(`/prebooking/payment?orderId=o&threeDS=return&ref=${REF}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment unsuccessful' }),
    ).toBeTruthy();
    expect(
      screen.getByText('Your bank did not approve the payment, so nothing was taken.'),
    ).toBeTruthy();
  });

  it('a spent or unknown reference: says so, and offers a login', async () => {
    mockApi({ '/payment/return-status': () => failure('10002') });
    renderApp(back);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We cannot show this payment here' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to continue' })).toBeTruthy();
  });

  it('a member logged in here stays on the purchase’s own page', async () => {
    logIn();
    mockApi({
      '/membership/charge-price/v2a/check-payment-status': () =>
        envelope({
          orderId: 'order-1',
          reference: 'OR1',
          outcome: 'pending',
          lines: [],
          amount: 3200,
          currency: 'GBP',
        }),
    });
    const { router } = renderApp(back);
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy Membership' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/membership/buy');
  });
});
