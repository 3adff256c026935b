import { callDescriptors } from 'virtual:call-descriptors/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/shared/api/query-options';

/** One dining offer in full (POST /dining/detail). */
export const getDiningDetailQueryOptions = (id: string) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.diningDetail, { id }),
    staleTime: 5 * 60_000,
  });

export const useDiningDetail = (id: string, enabled = true) =>
  useQuery({ ...getDiningDetailQueryOptions(id), enabled });
