import { BookingDetailPage } from '@/features/bookings/components/booking-detail-page';

export function Component() {
  return <BookingDetailPage kind="lounge" />;
}
