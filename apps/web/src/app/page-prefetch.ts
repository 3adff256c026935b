import type { QueryClient } from '@tanstack/react-query';
import { prefetchProductDetail } from '@/features/airports/api/get-product-detail';
import { isClosedChannel } from '@/shared/agent-config/closed-channel';
import { getAgentConfigQueryOptions } from '@/shared/agent-config/get-agent-config';
import { paths } from '@/shared/config/paths';
import { preloadImage } from '@/shared/lib/preload-image';
import { storage } from '@/shared/storage/storage';
import type { LoaderFunctionArgs, RouteObject } from '@/shared/router';

type Prefetch = (queryClient: QueryClient, params: URLSearchParams) => Promise<void> | void;

/*
 * The call a page makes as it opens, asked for as the navigation starts, beside the page's code,
 * rather than once that code has arrived (issue 23: a lounge page's picture waited for two
 * waves of chunks, then the detail call, then itself). The lounge detail's call is part of the
 * first load's code: loading it on demand put one more chunk before the call (Lighthouse 95-96
 * before, 97-98 after). The page finds the answer in the cache, or the call already under way.
 * The page's largest picture is asked for as soon as its address is in (preloadImage).
 */
const PREFETCHES: Record<string, Prefetch> = {
  // The channel's configuration is under way since the start (main.tsx); its banner picture is
  // home's largest paint (hidden on a closed channel, which shows only its notice).
  [paths.home.path]: (queryClient) => {
    const issuer = storage.get('issuer') ?? 'default';
    void queryClient.fetchQuery(getAgentConfigQueryOptions(issuer)).then(
      (config) => {
        if (!isClosedChannel(issuer, config)) preloadImage(config.banner.image);
      },
      () => undefined,
    );
  },
  [paths.productDetail.path]: prefetchProductDetail,
};

/** The routes with a loader on each page that has a call to ask for early (none waits for it). */
export function withPagePrefetches(routes: RouteObject[], queryClient: QueryClient): RouteObject[] {
  return routes.map((route) => {
    // The home page is the one index route (app/routes.tsx).
    const path = route.index ? paths.home.path : route.path;
    const prefetch = path === undefined ? undefined : PREFETCHES[path];
    const children = route.children && withPagePrefetches(route.children, queryClient);
    if (!prefetch) return children ? { ...route, children } : route;
    return {
      ...route,
      ...(children ? { children } : {}),
      loader: async ({ request }: LoaderFunctionArgs) => {
        try {
          await prefetch(queryClient, new URL(request.url).searchParams);
        } catch {
          // A failure here is not the page's: the page asks again itself.
        }
        return null;
      },
    };
  });
}
