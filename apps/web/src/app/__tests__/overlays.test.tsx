import { calls } from '@portal/contract';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callQueryOptions } from '@/shared/api/query-options';
import { envelope, failure, mockApi } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { watchOpenDialogs } from '@/testing/dialogs';

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

describe('one dialog at a time offline (issue 60)', () => {
  /** The browser's connection from now on, as it tells the page. */
  function connection(online: boolean) {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    act(() => {
      window.dispatchEvent(new Event(online ? 'online' : 'offline'));
    });
  }

  it('shows a call that cannot get out as No internet connection alone, and not again once back', async () => {
    let offline = true;
    mockApi({
      '/tc/list': () => {
        if (offline) throw new TypeError('Failed to fetch');
        return envelope([]);
      },
    });
    connection(false);
    const opened = watchOpenDialogs();
    const { queryClient } = renderApp('/faqs');
    render(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    );
    await screen.findByRole('alertdialog', { name: 'No internet connection' });
    await waitFor(() =>
      expect(queryClient.getQueryState(callQueryOptions(calls.tcList).queryKey)?.status).toBe(
        'error',
      ),
    );
    // The failed call is the No-internet dialog's to tell: nothing is left to show once back.
    offline = false;
    connection(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(opened.titles).toEqual(['No internet connection']);
    expect(opened.mostAtOnce).toBe(1);
  });

  it("keeps a page's load error behind No internet connection until the connection is back", async () => {
    mockApi();
    connection(false);
    const opened = watchOpenDialogs();
    renderApp('/no-such-page');
    // The page is there behind the dialog (hidden from role queries while a dialog is open).
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Page not found'));
    await screen.findByRole('alertdialog', { name: 'No internet connection' });
    expect(opened.titles).toEqual(['No internet connection']);
    connection(true);
    await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(opened.titles).toEqual(['No internet connection', 'Something went wrong']);
    expect(opened.mostAtOnce).toBe(1);
  });
});
