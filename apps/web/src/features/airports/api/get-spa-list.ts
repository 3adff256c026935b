import type { ProductFilter } from '@portal/contract';
import { callDescriptors } from 'virtual:call-descriptors/products';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/shared/api/query-options';

/** The spa offers at an airport matching the filters, one page (POST /spa/filter). */
export const getSpaQueryOptions = (filter: ProductFilter) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.spaFilter, filter),
    placeholderData: keepPreviousData,
  });

export const useSpa = (filter: ProductFilter) => useQuery(getSpaQueryOptions(filter));
