import { BookingsPage } from '@/features/bookings/components/bookings-page';

export function Component() {
  return <BookingsPage />;
}
