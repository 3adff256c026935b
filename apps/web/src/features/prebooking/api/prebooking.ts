import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callDescriptors as bookingCalls } from 'virtual:call-descriptors/bookings';
import { callDescriptors } from 'virtual:call-descriptors/prebooking';
import {
  callFileMutationOptions,
  callMutationOptions,
  callQueryKey,
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

/** A time asked about: the product, its local date and time, and the places wanted. */
export interface SlotAsk {
  code: string;
  date: string;
  time: string;
  places: number;
}

/** Other times that day and other lounges with places (shown when a time is full). */
export const useOtherTimes = (query: SlotAsk) =>
  useQuery({ ...callQueryOptions(callDescriptors.otherTimes, query), meta: quiet });
export const useOtherLounges = (query: SlotAsk) =>
  useQuery({ ...callQueryOptions(callDescriptors.otherLounges, query), meta: quiet });

/** "Tell me if a place frees up" (lounge/waitlist). */
export const useJoinWaitlist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...callMutationOptions(callDescriptors.joinWaitlist),
    meta: quiet,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: callQueryKey(bookingCalls.listWaitlist) }),
  });
};

/** The member's live waiting-list entries (lounge/waitlist/list): what a link holds for them. */
export const useWaitlistEntries = () =>
  useQuery({ ...callQueryOptions(bookingCalls.listWaitlist), meta: quiet });

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

/*
 * Fast track (spec §7 Fast track): the lane and its time windows, a window checked and the
 * others of the day, the passengers confirmed (the hold), the review, payment and its PDF.
 */

/** The lane and its rules on a date (booking-details). */
export const useLaneDetails = (code: string, date?: string) =>
  useQuery({
    ...callQueryOptions(callDescriptors.fastTrackBookingDetails, {
      code,
      ...(date ? { date } : {}),
    }),
    meta: quiet,
    retry: false,
  });

/** The lane's time windows on a date with places left (v2/get-available-time). */
export const useLaneTimes = (code: string, date: string, places: number) =>
  useQuery({
    ...callQueryOptions(callDescriptors.fastTrackAvailableTimes, { code, date, places }),
    meta: quiet,
    retry: false,
    refetchInterval: GRID_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

/** Whether a window can be booked now (v2/check-availability); nothing is held. */
export const useCheckLaneTime = () =>
  useMutation({ ...callMutationOptions(callDescriptors.fastTrackCheckAvailability), meta: quiet });

/** The lane's other open windows that day, nearest first (v2/other-available-times). */
export const useOtherLaneTimes = (query: SlotAsk) =>
  useQuery({ ...callQueryOptions(callDescriptors.fastTrackOtherTimes, query), meta: quiet });

/** The lead passenger's contact to start from (get-cardholder-details). */
export const useLeadContact = (holdId: string | undefined) =>
  useQuery({
    ...callQueryOptions(callDescriptors.fastTrackCardholderDetails, holdId ? { holdId } : {}),
    meta: quiet,
    retry: false,
  });

/** Step 2 done: the passengers confirmed and their places held (confirm-passenger-details). */
export const useConfirmPassengers = () =>
  useMutation({ ...callMutationOptions(callDescriptors.fastTrackConfirmPassengers), meta: quiet });

export const laneReviewQueryOptions = (holdId: string) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.fastTrackReviewDetails, { holdId }),
    meta: quiet,
    retry: false,
  });

export const laneOrderQueryOptions = (orderId: string) =>
  queryOptions({
    ...callQueryOptions(callDescriptors.fastTrackCheckPayment, { orderId }),
    meta: quiet,
  });
