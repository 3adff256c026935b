import type { Booking } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { BOOKINGS_NS } from '../i18n';
import { bookingDetailHref } from '../lib/booking-links';
import { BookingFieldRows } from './booking-field-rows';
import { BookingWhere } from './booking-where';

/** One booking in a tab: what and where, its fields, and the way to its page. */
export function BookingCard({ booking }: { booking: Booking }) {
  const { t } = useTranslation(BOOKINGS_NS);
  return (
    <li className="booking-card">
      <h2 className="booking-card__title" tabIndex={-1} data-more-focus>
        {booking.productName}
      </h2>
      <BookingWhere booking={booking} className="booking-card__where" />
      <dl className="booking-fields">
        <BookingFieldRows booking={booking} />
      </dl>
      <Link
        className="button button--secondary"
        to={bookingDetailHref(booking.kind, booking.bookingId)}
        // The visible words first, then which booking (WCAG 2.5.3 label in name).
        aria-label={t('list.viewBookingNamed', { bookingId: booking.bookingId })}
      >
        {t('list.viewBooking')}
      </Link>
    </li>
  );
}
