import type { Booking } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/bookings';
import { isApiError } from '@/shared/api/api-errors';
import { callMutationOptions, callQueryKey } from '@/shared/api/query-options';
import { getBookingDetailQueryOptions } from './get-booking-detail';
import { getFastTrackBookingDetailQueryOptions } from './get-fast-track-booking-detail';

const detailKey = (booking: Booking) =>
  booking.kind === 'fast-track'
    ? getFastTrackBookingDetailQueryOptions(booking.bookingId).queryKey
    : getBookingDetailQueryOptions(booking.bookingId).queryKey;

/** Cancels a future booking (POST /account/bookings/cancel); lists and details follow. */
export const useCancelBooking = () => {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      // Reset, not just invalidate: a tab must never show the booking in its old tab, even for
      // the moment a stale list would take to refetch.
      queryClient.resetQueries({ queryKey: callQueryKey(callDescriptors.bookingList) }),
      ...[
        callQueryKey(callDescriptors.bookingDetail),
        callQueryKey(callDescriptors.fastTrackBookingDetail),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
  return useMutation({
    ...callMutationOptions(callDescriptors.cancelBooking),
    meta: { serverErrorOverlay: false },
    onSuccess: (booking) => {
      // Cancelled: no code to show at the desk any more.
      queryClient.setQueryData(detailKey(booking), { ...booking, qr: null });
      void refresh();
    },
    onError: (error) => {
      // Cancelled or completed meanwhile: show the booking as it is now.
      if (isApiError(error, 'bookingAlreadyCancelled', 'bookingNotCancellable')) void refresh();
    },
  });
};
