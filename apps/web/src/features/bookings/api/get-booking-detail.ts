import { queryOptions, useQuery } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/bookings';
import { callQueryOptions } from '@/shared/api/query-options';

/** One of the member's lounge bookings (POST /account/bookings/detail). */
export const getBookingDetailQueryOptions = (bookingId: string) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.bookingDetail, { bookingId }),
    meta: { serverErrorOverlay: false },
  });

export const useBookingDetail = (bookingId: string, enabled = true) =>
  useQuery({ ...getBookingDetailQueryOptions(bookingId), enabled });
