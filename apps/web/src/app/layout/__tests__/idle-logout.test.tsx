import { TOKEN_IDLE_SECONDS } from '@portal/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { callDescriptors } from 'virtual:call-descriptors/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '@/shared/api/api-client';
import { storage } from '@/shared/storage/storage';
import { envelope, mockApi } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';

const HOUR_MS = 60 * 60 * 1000;

const pass = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('idle logout', () => {
  beforeEach(() => {
    // Only the clock and the check's interval: lazy chunks keep their real load time-outs.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('logs the member out after 6 hours without a call, and shows the time-out page', async () => {
    logIn();
    mockApi();
    const { router } = renderApp('/faqs');
    await screen.findByRole('heading', { level: 1, name: 'Help & FAQs' });
    expect(TOKEN_IDLE_SECONDS).toBe(6 * 60 * 60);

    pass(6 * HOUR_MS - 2 * 60_000);
    expect(storage.get('isLogin')).toBe(true);
    pass(2 * 60_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/time-out'));
    expect(storage.get('isLogin')).toBeUndefined();
    expect(storage.get('token')).toBeUndefined();
  });

  it('counts from the last member call the server answered', async () => {
    logIn();
    mockApi({ '/user/email-validate-status': () => envelope({ emailIsCheck: true }) });
    const { router } = renderApp('/faqs');
    await screen.findByRole('heading', { level: 1, name: 'Help & FAQs' });

    pass(5 * HOUR_MS);
    await act(() => callApi(callDescriptors.emailValidateStatus));
    pass(5 * HOUR_MS);
    expect(router.state.location.pathname).toBe('/faqs');
    expect(storage.get('isLogin')).toBe(true);

    pass(HOUR_MS + 60_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/time-out'));
  });

  it('checks when the tab comes back, without waiting for the timer', async () => {
    logIn();
    mockApi();
    const { router } = renderApp('/faqs');
    await screen.findByRole('heading', { level: 1, name: 'Help & FAQs' });

    // A laptop asleep for 7 hours: no timer ran meanwhile.
    vi.setSystemTime(Date.now() + 7 * HOUR_MS);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/time-out'));
    expect(storage.get('isLogin')).toBeUndefined();
  });

  it('leaves visitors alone', async () => {
    mockApi();
    const { router } = renderApp('/faqs');
    await screen.findByRole('heading', { level: 1, name: 'Help & FAQs' });
    pass(7 * HOUR_MS);
    expect(router.state.location.pathname).toBe('/faqs');
  });
});
