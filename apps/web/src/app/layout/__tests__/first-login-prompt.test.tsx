import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { envelope, mockApi, quietAgentConfig, type Handler } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { dialogsClosed, watchOpenDialogs } from '@/testing/dialogs';

function firstLogin(
  clear: Handler = () => envelope({ cleared: true }),
  handlers: Record<string, Handler> = {},
) {
  logIn();
  storage.set('isFirstLogin', true);
  const clearPopup = vi.fn<Handler>(clear);
  mockApi({ '/account/clear/popup': clearPopup, ...handlers });
  return clearPopup;
}

describe('first-login prompt', () => {
  it('tells the server it was seen when closed, once', async () => {
    const clearPopup = firstLogin();
    const { user } = renderApp('/faqs');
    const dialog = await screen.findByRole('dialog', { name: 'Add a payment card' });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await dialogsClosed();
    expect(storage.get('isFirstLogin')).toBeUndefined();
    await waitFor(() => expect(clearPopup).toHaveBeenCalledTimes(1));
    const init = clearPopup.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer test-token');
  });

  it('clears it too when the member goes to add a card', async () => {
    const clearPopup = firstLogin();
    const { user, router } = renderApp('/faqs');
    const dialog = await screen.findByRole('dialog', { name: 'Add a payment card' });
    await user.click(within(dialog).getByRole('link', { name: 'Add a card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/cards'));
    await waitFor(() => expect(clearPopup).toHaveBeenCalledTimes(1));
    expect(storage.get('isFirstLogin')).toBeUndefined();
  });

  it('ignores a failure to clear it on the server', async () => {
    const clearPopup = firstLogin(() => new Response('down', { status: 503 }));
    const { user } = renderApp('/faqs');
    const dialog = await screen.findByRole('dialog', { name: 'Add a payment card' });
    await user.keyboard('{Escape}');
    await dialogsClosed();
    await waitFor(() => expect(clearPopup).toHaveBeenCalledTimes(1));
    expect(dialog.isConnected).toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("waits until home's one-time notice is closed: one dialog at a time (issue 60)", async () => {
    // Both dialogs' code in before the page opens: the invitation could come at once.
    await Promise.all([
      import('@/features/auth/components/first-login-modal'),
      import('../member-session'),
    ]);
    const notice = { id: 'visa-service', title: 'Important notice', text: 'Visa.', link: null };
    firstLogin(undefined, {
      '/index/agent-config/v3': () => envelope({ ...quietAgentConfig, notices: [notice] }),
    });
    const opened = watchOpenDialogs();
    const { user } = renderApp('/');
    const shown = await screen.findByRole('dialog', { name: 'Important notice' });
    await user.click(within(shown).getByRole('button', { name: 'I understand' }));
    const invitation = await screen.findByRole('dialog', { name: 'Add a payment card' });
    await user.click(within(invitation).getByRole('button', { name: 'Not now' }));
    await dialogsClosed();
    expect(opened.titles).toEqual(['Important notice', 'Add a payment card']);
    expect(opened.mostAtOnce).toBe(1);
  });
});
