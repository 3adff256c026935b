import { callDescriptors } from 'virtual:call-descriptors/products';
import { PRODUCT_KINDS, type ProductDetail, type ProductKind } from '@portal/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callQueryOptions } from '@/shared/api/query-options';
import { preloadImage } from '@/shared/lib/preload-image';

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

/** A product's photos in the order the page shows them: its gallery, else its one picture. */
export const productPictures = (product: ProductDetail): string[] =>
  product.images.length > 0 ? product.images : [product.image];

/**
 * Asks for the detail an address names, for the page to find in the cache, and, once it is in,
 * for the first photo, the page's largest paint (app/page-prefetch.ts). Waits for neither.
 */
export function prefetchProductDetail(queryClient: QueryClient, params: URLSearchParams): void {
  const { kind, id } = productOfAddress(params);
  if (id === '') return;
  void queryClient.fetchQuery(getProductDetailQueryOptions(kind, id)).then(
    (product) => preloadImage(productPictures(product)[0]),
    // The page asks again itself, and shows the error.
    () => undefined,
  );
}
