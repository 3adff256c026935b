import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@/shared/router';
import { withPagePrefetches } from '../app/page-prefetch';
import { AppProvider } from '../app/provider';
import { routes } from '../app/routes';
import { createQueryClient } from '../shared/api/query-client';
import { saveLogin } from '../shared/storage/login-state';
import type { UserInfo } from '../shared/storage/storage-types';

export const testUser: UserInfo = { firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com' };

export function logIn(userInfo: UserInfo = testUser): void {
  saveLogin({ token: 'test-token', tokenExpirySeconds: 21_600, userInfo });
}

/** The whole app (real routes, providers and layout) at a URL, in memory. */
export function renderApp(url = '/') {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(withPagePrefetches(routes, queryClient), {
    initialEntries: [url],
  });
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient, user };
}
