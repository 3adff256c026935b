import type { BookingKind, BookingTab } from '@portal/contract';
import { paths } from '@/shared/config/paths';

const withQuery = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams(query).toString()}`;

/** The detail page of a booking: lounge and fast track have one each. */
export const bookingDetailHref = (kind: BookingKind, bookingId: string) =>
  withQuery(
    kind === 'fast-track'
      ? paths.account.fastTrackBookingDetail.getHref()
      : paths.account.bookingDetail.getHref(),
    { bookingId },
  );

/** My bookings at one tab. */
export const bookingsHref = (tab: BookingTab) =>
  withQuery(paths.account.bookings.getHref(), { tab });
