import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/bookings';
import { callApiFile } from '@/shared/api/api-client';
import { callFileMutationOptions } from '@/shared/api/query-options';

/** The booking confirmation as a PDF (POST /account/bookings/pdf-stream). */
export const useDownloadBookingPdf = () =>
  useMutation({
    mutationKey: [callDescriptors.bookingPdf.path],
    mutationFn: (bookingId: string) => callApiFile(callDescriptors.bookingPdf, { bookingId }),
    meta: { serverErrorOverlay: false },
  });

/** The booking as a calendar file (POST /account/bookings/calendar). */
export const useDownloadBookingCalendar = () =>
  useMutation({
    ...callFileMutationOptions(callDescriptors.bookingCalendarFile),
    meta: { serverErrorOverlay: false },
  });
