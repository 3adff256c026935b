import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/bookings';
import { callApiFile } from '@/shared/api/api-client';

/** The booking confirmation as a PDF (POST /account/bookings/pdf-stream). */
export const useDownloadBookingPdf = () =>
  useMutation({
    mutationKey: [callDescriptors.bookingPdf.path],
    mutationFn: (bookingId: string) => callApiFile(callDescriptors.bookingPdf, { bookingId }),
    meta: { serverErrorOverlay: false },
  });
