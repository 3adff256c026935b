import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from '@/shared/router';
import { withPagePrefetches } from './page-prefetch';
import { routes } from './routes';

export const createAppRouter = (queryClient: QueryClient) =>
  createBrowserRouter(withPagePrefetches(routes, queryClient));

export function AppRouter() {
  const queryClient = useQueryClient();
  const [router] = useState(() => createAppRouter(queryClient));
  return <RouterProvider router={router} />;
}
