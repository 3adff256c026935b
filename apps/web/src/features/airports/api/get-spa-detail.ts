import { callDescriptors } from 'virtual:call-descriptors/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/shared/api/query-options';

/** One spa offer in full (POST /spa/detail). */
export const getSpaDetailQueryOptions = (id: string) =>
  queryOptions({ ...callQueryOptions(callDescriptors.spaDetail, { id }), staleTime: 5 * 60_000 });

export const useSpaDetail = (id: string, enabled = true) =>
  useQuery({ ...getSpaDetailQueryOptions(id), enabled });
