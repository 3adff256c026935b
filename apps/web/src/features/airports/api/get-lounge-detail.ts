import { callDescriptors } from 'virtual:call-descriptors/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/shared/api/query-options';

/** One lounge offer in full (POST /lounge/detail/v2). */
export const getLoungeDetailQueryOptions = (id: string) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.loungeDetail, { id }),
    staleTime: 5 * 60_000,
  });

export const useLoungeDetail = (id: string, enabled = true) =>
  useQuery({ ...getLoungeDetailQueryOptions(id), enabled });
