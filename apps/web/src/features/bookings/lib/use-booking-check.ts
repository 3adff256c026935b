import type { Booking } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { bookingDetailQueryOptions } from '../api/booking-detail-query';

/** What the server says of the booking, asked again. */
export type BookingCheck =
  { state: 'checking' } | { state: 'failed' } | { state: 'answered'; booking: Booking };

/**
 * The booking asked for again, so what cancelling would refund is said from the server's answer
 * now, not from when the page loaded (48 hours before the visit may have passed meanwhile).
 * `start` refetches the page's detail query, whose answer then updates the page as well.
 */
export function useBookingCheck(booking: Pick<Booking, 'kind' | 'bookingId'>) {
  const queryClient = useQueryClient();
  const latest = useRef(0);
  const [check, setCheck] = useState<BookingCheck>({ state: 'checking' });

  const start = () => {
    const run = ++latest.current;
    setCheck({ state: 'checking' });
    const settle = (outcome: BookingCheck) => {
      // Only the last check counts: an earlier answer may be older than the one asked for.
      if (run === latest.current) setCheck(outcome);
    };
    const options = bookingDetailQueryOptions(booking.kind, booking.bookingId);
    queryClient.fetchQuery({ ...options, staleTime: 0 }).then(
      (fresh: Booking) => settle({ state: 'answered', booking: fresh }),
      () => settle({ state: 'failed' }),
    );
  };

  return { check, start };
}
