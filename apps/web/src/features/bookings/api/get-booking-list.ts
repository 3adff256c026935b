import type { BookingTab } from '@portal/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/bookings';
import { callApi } from '@/shared/api/api-client';
import { callQueryKey } from '@/shared/api/query-options';
import { nextPage } from '../lib/next-page';

export const BOOKINGS_PAGE_SIZE = 10;

/** The bookings of one tab, page by page (POST /account/bookings/list/v3). */
export const getBookingListQueryOptions = (tab: BookingTab) =>
  infiniteQueryOptions({
    queryKey: [...callQueryKey(callDescriptors.bookingList), { tab, pageSize: BOOKINGS_PAGE_SIZE }],
    queryFn: ({ pageParam, signal }) =>
      callApi(
        callDescriptors.bookingList,
        { tab, page: pageParam, pageSize: BOOKINGS_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    // The tab counts stay in the labels while another tab loads.
    placeholderData: keepPreviousData,
    meta: { serverErrorOverlay: false },
  });

export const useBookingList = (tab: BookingTab) =>
  useInfiniteQuery(getBookingListQueryOptions(tab));
