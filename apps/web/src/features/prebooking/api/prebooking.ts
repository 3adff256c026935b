import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callDescriptors as bookingCalls } from 'virtual:call-descriptors/bookings';
import { callDescriptors } from 'virtual:call-descriptors/prebooking';
import {
  callFileMutationOptions,
  callMutationOptions,
  callQueryOptions,
} from '@/shared/api/query-options';

const quiet = { serverErrorOverlay: false } as const;
/** The slot grid is asked again while the page is open: places come and go. */
export const GRID_REFRESH_MS = 30_000;

export const prebookingCalls = callDescriptors;

/** The lounge's slots on a date with places left, and its rules (get-available-time/v2). */
export const useAvailableTimes = (code: string, date: string, places: number) =>
  useQuery({
    ...callQueryOptions(callDescriptors.availableTimes, { code, date, places }),
    meta: quiet,
    refetchInterval: GRID_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

/** Other times that day and other lounges with places (shown when a time is full). */
export const useOtherTimes = (query: {
  code: string;
  date: string;
  time: string;
  places: number;
}) => useQuery({ ...callQueryOptions(callDescriptors.otherTimes, query), meta: quiet });
export const useOtherLounges = (query: {
  code: string;
  date: string;
  time: string;
  places: number;
}) => useQuery({ ...callQueryOptions(callDescriptors.otherLounges, query), meta: quiet });

/** "Tell me if a place frees up" (lounge/waitlist). */
export const useJoinWaitlist = () =>
  useMutation({ ...callMutationOptions(callDescriptors.joinWaitlist), meta: quiet });

/** The memberships to pay passes from (select-num). */
export const useBookingMemberships = () =>
  useQuery({ ...callQueryOptions(callDescriptors.selectMembership), meta: quiet });

/** Step 1 done: the places held (pre-book). */
export const usePreBook = () =>
  useMutation({ ...callMutationOptions(callDescriptors.startPreBooking), meta: quiet });

export const reviewQueryOptions = (holdId: string) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.reviewDetails, { holdId }),
    meta: quiet,
    retry: false,
  });
export const useReview = (holdId: string) => useQuery(reviewQueryOptions(holdId));

export const useConfirmCardholder = () =>
  useMutation({ ...callMutationOptions(callDescriptors.confirmCardholderDetails), meta: quiet });

export const usePrepareBookingOrder = () =>
  useMutation({ ...callMutationOptions(callDescriptors.prepareBookingOrder), meta: quiet });

export const bookingOrderQueryOptions = (orderId: string) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.checkBookingPayment, { orderId }),
    meta: quiet,
  });

/** The confirmation PDF (lounge/pdf-stream) and the calendar file (bookings/calendar). */
export const useLoungeBookingPdf = () =>
  useMutation({ ...callFileMutationOptions(callDescriptors.loungeBookingPdf), meta: quiet });
export const useBookingCalendar = () =>
  useMutation({ ...callFileMutationOptions(bookingCalls.bookingCalendarFile), meta: quiet });
