import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { afterNextPaint } from '@/shared/lib/after-next-paint';
import { createBrowserRouter, RouterProvider } from '@/shared/router';
import { withPagePrefetches } from './page-prefetch';
import { routes } from './routes';

/*
 * The first page's code and loaders are asked for once the first screen (the root route's
 * HydrateFallback: the cookie banner, the loading bar) is painted, not in the same instant: a
 * booking step's 30 chunks and their compiling otherwise held that paint back, the banner then
 * showing with the page (issue 23: step 1's largest paint 2.7-3.2 s in Lighthouse, 2.0 s after;
 * home's banner picture and a lounge's photo earlier too, the first paint no longer competing
 * with the page's chunks). The channel's configuration is under way since main.tsx.
 */
export const createAppRouter = (queryClient: QueryClient) =>
  createBrowserRouter(withPagePrefetches(routes, queryClient), { start: afterNextPaint });

export function AppRouter() {
  const queryClient = useQueryClient();
  const [router] = useState(() => createAppRouter(queryClient));
  return <RouterProvider router={router} />;
}
