import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/shared/config/paths';
import type { RouteObject } from '@/shared/router';
import { calledUrls, failure, mockApi } from '@/testing/mock-api';
import { getProductDetailQueryOptions } from '@/features/airports/api/get-product-detail';
import { withPagePrefetches } from '../page-prefetch';
import { routes } from '../routes';

const flatten = (list: RouteObject[]): RouteObject[] =>
  list.flatMap((route) => [route, ...flatten(route.children ?? [])]);

const detailRoute = (queryClient: QueryClient) => {
  const route = flatten(withPagePrefetches(routes, queryClient)).find(
    (r) => r.path === paths.productDetail.path,
  );
  if (!route?.loader) throw new Error('no prefetch on the product page');
  return route.loader;
};

const at = (href: string) => ({ request: { url: `http://portal.test${href}` }, params: {} });

afterEach(() => vi.restoreAllMocks());

describe('page prefetches', () => {
  it('puts a loader on the product page only, and leaves the shared route table as it was', () => {
    const queryClient = new QueryClient();
    const withLoader = flatten(withPagePrefetches(routes, queryClient)).filter((r) => r.loader);
    const before = flatten(routes).filter((r) => r.loader);
    expect(withLoader.length - before.length).toBe(1);
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
});
