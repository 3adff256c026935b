import { queryOptions, useQuery } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/bookings';
import { callQueryOptions } from '@/shared/api/query-options';

/** One of the member's fast-track bookings (POST /account/bookings/detail/fast-track). */
export const getFastTrackBookingDetailQueryOptions = (bookingId: string) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.fastTrackBookingDetail, { bookingId }),
    meta: { serverErrorOverlay: false },
  });

export const useFastTrackBookingDetail = (bookingId: string, enabled = true) =>
  useQuery({ ...getFastTrackBookingDetailQueryOptions(bookingId), enabled });
