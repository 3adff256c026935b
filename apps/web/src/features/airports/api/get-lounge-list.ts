import type { ProductFilter } from '@portal/contract';
import { callDescriptors } from 'virtual:call-descriptors/products';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/shared/api/query-options';

/** The lounges at an airport matching the filters, one page (POST /lounge/filter/v2). */
export const getLoungesQueryOptions = (filter: ProductFilter) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.loungeFilter, filter),
    placeholderData: keepPreviousData,
  });

export const useLounges = (filter: ProductFilter) => useQuery(getLoungesQueryOptions(filter));
