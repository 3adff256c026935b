import type { ProductFilter } from '@portal/contract';
import { callDescriptors } from 'virtual:call-descriptors/products';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/shared/api/query-options';

/** The dining offers at an airport matching the filters, one page (POST /dining/filter). */
export const getDiningQueryOptions = (filter: ProductFilter) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.diningFilter, filter),
    placeholderData: keepPreviousData,
  });

export const useDining = (filter: ProductFilter) => useQuery(getDiningQueryOptions(filter));
