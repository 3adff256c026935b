import { callDescriptors } from 'virtual:call-descriptors/products';
import type { ProductKind } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
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
