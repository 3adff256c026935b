import type { BookingKind } from '@portal/contract';
import { getBookingDetailQueryOptions } from './get-booking-detail';
import { getFastTrackBookingDetailQueryOptions } from './get-fast-track-booking-detail';

/** The detail query of a booking of either kind: the one its detail page shows. */
export const bookingDetailQueryOptions = (kind: BookingKind, bookingId: string) =>
  kind === 'fast-track'
    ? getFastTrackBookingDetailQueryOptions(bookingId)
    : getBookingDetailQueryOptions(bookingId);
