import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { envelope, mockApi, type Handler } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';

async function logOut(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: /Account menu for Jane Doe/ }));
  const menu = await screen.findByRole('menu');
  await user.click(within(menu).getByRole('menuitem', { name: 'Log Out' }));
}

describe('logout', () => {
  it('revokes the token on the server, then clears login, bank lists and drafts and goes home', async () => {
    logIn();
    storage.set('globalBank', { natwest: [] });
    storage.set('prebookingDraft', { lounge: 'LHR1' });
    storage.set('isFirstLogin', false);
    const logout = vi.fn<Handler>(() => envelope({ loggedOut: true }));
    mockApi({ '/login/logout-by-token': logout });
    const { user, router, queryClient } = renderApp('/account/profile');
    queryClient.setQueryData(['/account/my-details'], { firstName: 'Jane' });

    await logOut(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(logout).toHaveBeenCalledTimes(1);
    const init = logout.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer test-token');
    for (const key of [
      'isLogin',
      'token',
      'userInfo',
      'tokenExpirySeconds',
      'lastActivity',
    ] as const) {
      expect(storage.get(key)).toBeUndefined();
    }
    expect(storage.get('globalBank')).toBeUndefined();
    expect(storage.get('prebookingDraft')).toBeUndefined();
    expect(queryClient.getQueryData(['/account/my-details'])).toBeUndefined();
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeTruthy();
  });

  it('still logs out when the server fails, without the error overlay', async () => {
    logIn();
    mockApi({ '/login/logout-by-token': () => new Response('down', { status: 503 }) });
    const { user, router } = renderApp('/account/profile');
    await logOut(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(storage.get('token')).toBeUndefined();
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
