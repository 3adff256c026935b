import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/bookings';
import { callApi } from '@/shared/api/api-client';
import { callQueryKey } from '@/shared/api/query-options';
import { nextPage } from '../lib/next-page';

export const HISTORY_PAGE_SIZE = 20;

/** The member's lounge visits, newest first, page by page (POST /account/usage-history). */
export const getUsageHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...callQueryKey(callDescriptors.usageHistory), { pageSize: HISTORY_PAGE_SIZE }],
    queryFn: ({ pageParam, signal }) =>
      callApi(
        callDescriptors.usageHistory,
        { page: pageParam, pageSize: HISTORY_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    meta: { serverErrorOverlay: false },
  });

export const useUsageHistory = () => useInfiniteQuery(getUsageHistoryQueryOptions());
