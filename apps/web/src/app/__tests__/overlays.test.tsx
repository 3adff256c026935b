import { calls } from '@portal/contract';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callQueryOptions } from '@/shared/api/query-options';
import { envelope, failure, mockApi } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';

function Probe() {
  useQuery(callQueryOptions(calls.tcList));
  return null;
}

describe('server-error overlay', () => {
  it('shows a failed call with its status text, and Try again refetches', async () => {
    let answer = () => new Response('down', { status: 503 });
    const fetchMock = mockApi({ '/tc/list': () => answer() });
    const { queryClient, user } = renderApp('/faqs');
    await screen.findByRole('heading', { level: 1, name: 'Help & FAQs' });

    render(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    );

    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(dialog.textContent).toContain('Error 503: Service Unavailable');

    answer = () => envelope([]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.mock.calls.filter(([url]) => url === '/client-api/tc/list')).toHaveLength(2);
  });

  it('goes to /time-out when the token is refused', async () => {
    // The time-out page is a route of its own, loaded on demand. Loaded here first, so the
    // wait below is for the redirect and its render, not for compiling the route on a busy
    // machine (it once took more than the wait in CI).
    await import('../routes/time-out');
    logIn();
    mockApi({ '/payment/payment-cards': () => failure('20002', 'Session time out') });
    const { router, queryClient } = renderApp('/account/profile');
    await screen.findByRole('heading', { level: 1, name: 'My Profile' });

    await act(() =>
      queryClient.fetchQuery(callQueryOptions(calls.paymentCards)).catch(() => undefined),
    );

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Session Timed Out' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/time-out');
    expect(screen.getByRole('link', { name: 'Log In' })).toBeTruthy();
  });
});

describe('offline modal', () => {
  it('opens when the browser goes offline and closes when it is back', async () => {
    mockApi();
    renderApp('/faqs');
    await screen.findByRole('heading', { level: 1, name: 'Help & FAQs' });

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'No internet connection' });
    expect(dialog).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
