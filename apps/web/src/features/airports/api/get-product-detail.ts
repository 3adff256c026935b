import { callDescriptors } from 'virtual:call-descriptors/products';
import { PRODUCT_KINDS, type ProductKind } from '@portal/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callQueryOptions } from '@/shared/api/query-options';

/** Each kind's detail call: they take the same payload and answer the same product detail. */
const DETAIL_CALLS = {
  lounge: callDescriptors.loungeDetail,
  dining: callDescriptors.diningDetail,
  spa: callDescriptors.spaDetail,
  'fast-track': callDescriptors.fastTrackDetail,
} as const satisfies Record<ProductKind, unknown>;

/**
 * One product of any kind in full (POST /lounge/detail/v2, /dining/detail, /spa/detail,
 * /fast-track/detail).
 */
export const getProductDetailQueryOptions = (kind: ProductKind, id: string) =>
  queryOptions({
    ...callQueryOptions(DETAIL_CALLS[kind], { id }),
    staleTime: 5 * 60_000,
  });

const isKind = (value: string | null): value is ProductKind =>
  (PRODUCT_KINDS as readonly (string | null)[]).includes(value);

/** The product a detail page's address names: `?id=` (empty when absent) and `?kind=` (lounge). */
export function productOfAddress(params: URLSearchParams): { kind: ProductKind; id: string } {
  const kind = params.get('kind');
  return { kind: isKind(kind) ? kind : 'lounge', id: params.get('id')?.trim() ?? '' };
}

/** Asks for the detail an address names, for the page to find in the cache (app/page-prefetch.ts). */
export function prefetchProductDetail(queryClient: QueryClient, params: URLSearchParams): void {
  const { kind, id } = productOfAddress(params);
  if (id !== '') void queryClient.prefetchQuery(getProductDetailQueryOptions(kind, id));
}
