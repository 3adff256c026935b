import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/shared/config/paths';
import type { LoaderFunctionArgs, RouteObject } from '@/shared/router';

type Prefetch = (queryClient: QueryClient, params: URLSearchParams) => Promise<void>;

/*
 * The call a page makes as it opens, asked for as the navigation starts, beside the page's code,
 * rather than once that code has arrived (issue 23: a lounge page's picture waited for two
 * waves of chunks, then the detail call, then itself). Each loads its call's module on demand;
 * the page finds the answer in the cache, or the call already under way.
 */
const PREFETCHES: Record<string, Prefetch> = {
  [paths.productDetail.path]: async (queryClient, params) => {
    const { prefetchProductDetail } = await import('@/features/airports/api/get-product-detail');
    prefetchProductDetail(queryClient, params);
  },
};

/** The routes with a loader on each page that has a call to ask for early (none waits for it). */
export function withPagePrefetches(routes: RouteObject[], queryClient: QueryClient): RouteObject[] {
  return routes.map((route) => {
    const prefetch = route.path === undefined ? undefined : PREFETCHES[route.path];
    const children = route.children && withPagePrefetches(route.children, queryClient);
    if (!prefetch) return children ? { ...route, children } : route;
    return {
      ...route,
      ...(children ? { children } : {}),
      // A failure here is not the page's: the page asks again itself.
      loader: async ({ request }: LoaderFunctionArgs) => {
        await prefetch(queryClient, new URL(request.url).searchParams).catch(() => undefined);
        return null;
      },
    };
  });
}
