import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/shared/config/paths';
import type { RouteObject } from '@/shared/router';
import { storage } from '@/shared/storage/storage';
import { calledUrls, envelope, failure, mockApi, quietAgentConfig } from '@/testing/mock-api';
import { diningOffer } from '@/testing/products';
import { getProductDetailQueryOptions } from '@/features/airports/api/get-product-detail';
import { withPagePrefetches } from '../page-prefetch';
import { routes } from '../routes';

const flatten = (list: RouteObject[]): RouteObject[] =>
  list.flatMap((route) => [route, ...flatten(route.children ?? [])]);

const loaderOf = (queryClient: QueryClient, found: (route: RouteObject) => boolean) => {
  const route = flatten(withPagePrefetches(routes, queryClient)).find(found);
  if (!route?.loader) throw new Error('no prefetch on that page');
  return route.loader;
};
const detailRoute = (queryClient: QueryClient) =>
  loaderOf(queryClient, (r) => r.path === paths.productDetail.path);
const homeRoute = (queryClient: QueryClient) => loaderOf(queryClient, (r) => r.index === true);

/** The pictures asked for ahead of their page (preloadImage). */
const preloaded = () =>
  Array.from(document.head.querySelectorAll('link[rel="preload"][as="image"]')).map((l) =>
    l.getAttribute('href'),
  );
/** Until every answer now under way has been taken in. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const at = (href: string) => ({ request: { url: `http://portal.test${href}` }, params: {} });

afterEach(() => {
  vi.restoreAllMocks();
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
  sessionStorage.clear();
});

describe('page prefetches', () => {
  it('puts a loader on the home and product pages only, and leaves the shared table as it was', () => {
    const queryClient = new QueryClient();
    const withLoader = flatten(withPagePrefetches(routes, queryClient)).filter((r) => r.loader);
    const before = flatten(routes).filter((r) => r.loader);
    expect(withLoader.length - before.length).toBe(2);
    expect(flatten(routes).find((r) => r.path === paths.productDetail.path)?.loader).toBe(
      undefined,
    );
  });

  it('asks for the product the address names, of its kind, without waiting for the answer', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = mockApi({
      '/spa/detail': async () => {
        await answered;
        return failure('10002', 'not found');
      },
    });
    const queryClient = new QueryClient();
    await expect(
      detailRoute(queryClient)(at('/airport-detail/product?id=LHR-SPA-1&kind=spa')),
    ).resolves.toBeNull();
    expect(calledUrls(api)).toEqual([expect.stringMatching(/\/spa\/detail$/)]);
    const key = getProductDetailQueryOptions('spa', 'LHR-SPA-1').queryKey;
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('fetching');
    answer();
  });

  it('asks for nothing without an id, and a failed call is left to the page', async () => {
    const api = mockApi();
    const queryClient = new QueryClient();
    const loader = detailRoute(queryClient);
    await expect(loader(at('/airport-detail/product'))).resolves.toBeNull();
    expect(api).not.toHaveBeenCalled();
    api.mockRejectedValue(new TypeError('offline'));
    await expect(loader(at('/airport-detail/product?id=LHR-LNG-1'))).resolves.toBeNull();
  });

  it("asks for the product's first photo once its detail is in", async () => {
    const images = ['/assets-api/art/spa/LHR-SPA-1-1.svg', '/assets-api/art/spa/LHR-SPA-1-2.svg'];
    mockApi({
      '/spa/detail': () => envelope(diningOffer({ id: 'LHR-SPA-1', kind: 'spa', images })),
    });
    await detailRoute(new QueryClient())(at('/airport-detail/product?id=LHR-SPA-1&kind=spa'));
    await settle();
    expect(preloaded()).toEqual([images[0]]);
  });

  it('asks for no photo when the detail fails', async () => {
    mockApi({ '/lounge/detail/v2': () => failure('10002', 'not found') });
    await detailRoute(new QueryClient())(at('/airport-detail/product?id=LHR-LNG-9'));
    await settle();
    expect(preloaded()).toEqual([]);
  });

  it("asks for the home banner's picture once the channel's configuration is in", async () => {
    storage.set('issuer', 'natwest');
    const image = '/assets-api/art/banner/natwest.svg';
    const api = mockApi({
      '/index/agent-config/v3': (body) => {
        expect(body).toEqual({ channel: 'natwest' });
        return envelope({
          ...quietAgentConfig,
          channel: 'natwest',
          banner: { ...quietAgentConfig.banner, image },
        });
      },
    });
    await expect(homeRoute(new QueryClient())(at('/'))).resolves.toBeNull();
    await settle();
    expect(calledUrls(api)).toEqual([expect.stringMatching(/\/index\/agent-config\/v3$/)]);
    expect(preloaded()).toEqual([image]);
  });

  it('asks for no banner picture on a closed channel, which shows only its notice', async () => {
    const banner = { ...quietAgentConfig.banner, image: '/assets-api/art/banner/vm.svg' };
    storage.set('issuer', 'vm');
    mockApi({
      '/index/agent-config/v3': () => envelope({ ...quietAgentConfig, channel: 'vm', banner }),
    });
    await homeRoute(new QueryClient())(at('/'));
    await settle();
    expect(preloaded()).toEqual([]);
  });
});
