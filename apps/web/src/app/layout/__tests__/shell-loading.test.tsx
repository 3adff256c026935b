import type { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveConsent } from '@/shared/analytics/consent';
import { getAgentConfigQueryOptions } from '@/shared/agent-config/get-agent-config';
import { createQueryClient } from '@/shared/api/query-client';
import { storage } from '@/shared/storage/storage';
import {
  createMemoryRouter,
  RouterProvider,
  type LazyRoute,
  type RouteObject,
} from '@/shared/router';
import { envelope, mockApi, quietAgentConfig } from '@/testing/mock-api';
import { AppProvider } from '../../provider';
import { routes } from '../../routes';

const banner = () => screen.queryByRole('region', { name: 'Cookies on this website' });
const loadingBar = () => screen.getByRole('progressbar', { name: 'Loading the page' });

/** The client of the app `firstLoad` last rendered. */
let queryClient: QueryClient;

/**
 * The app's root route (its HydrateFallback) with a page at `url` whose code has not arrived (by
 * default, never): what the first load shows until it does.
 */
function firstLoad(url: string, code: Promise<LazyRoute> = new Promise(() => {})) {
  queryClient = createQueryClient();
  const root: RouteObject = {
    ...routes[0]!,
    children: [{ path: new URL(url, 'http://portal').pathname, lazy: () => code }],
  };
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={createMemoryRouter([root], { initialEntries: [url] })} />
    </AppProvider>,
  );
}

describe('the first load, until the page has come', () => {
  it('shows the cookie banner to a visitor who has not answered it, above the loading bar', () => {
    mockApi();
    firstLoad('/prebooking/detail?code=LHR-LNG-1');
    const region = banner();
    expect(region).toBeTruthy();
    expect(region!.compareDocumentPosition(loadingBar()) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    // Where the shell shows it: the first thing of the page's frame.
    expect(region!.parentElement?.className).toBe('app');
  });

  it('shows no banner once the visitor has answered it', () => {
    saveConsent(false);
    mockApi();
    firstLoad('/prebooking/detail?code=LHR-LNG-1');
    loadingBar();
    expect(banner()).toBeNull();
  });

  it('holds the banner back on home while its one-time notice may come first', async () => {
    const notice = {
      id: 'visa-service',
      title: 'Important notice',
      text: 'Visa information is provided by an independent third-party service.',
      link: { url: '/sherpa', text: 'Visa information' },
    };
    const api = mockApi({
      '/index/agent-config/v3': () => envelope({ ...quietAgentConfig, notices: [notice] }),
    });
    firstLoad('/');
    loadingBar();
    expect(banner()).toBeNull();
    // The configuration is in, its notice unread: the notice comes first, with the page.
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(getAgentConfigQueryOptions('default').queryKey)).toBeTruthy(),
    );
    expect(api).toHaveBeenCalled();
    expect(banner()).toBeNull();
  });

  it('shows the banner on home once the configuration has no notice to show first', async () => {
    mockApi();
    firstLoad('/');
    expect(banner()).toBeNull();
    expect(await screen.findByRole('region', { name: 'Cookies on this website' })).toBeTruthy();
  });

  it('opens the preferences asked for on it with the page, once: nothing lost in the swap', async () => {
    mockApi();
    let arrive!: (route: LazyRoute) => void;
    firstLoad('/faqs', new Promise<LazyRoute>((resolve) => (arrive = resolve)));
    const user = userEvent.setup();
    const manage = within(banner()!).getByRole('button', { name: 'Manage cookies' });
    await user.click(manage);
    // Not on the first screen: the dialog would be made again when the page's banner comes.
    expect(screen.queryByRole('dialog')).toBeNull();
    arrive({ Component: () => <h1>Help &amp; FAQs</h1> });
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    await user.click(within(dialog).getByRole('switch', { name: 'Analytics cookies' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save preferences' }));
    expect(banner()).toBeNull();
    expect(storage.get('COOKBANNER')).toMatchObject({ consent: 'accepted', analytics: true });
  });
});
