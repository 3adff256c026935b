import { BookingsPage } from '@/features/bookings/components/bookings-page';
import { VoucherList } from '@/features/offers/components/voucher-list';

export function Component() {
  return <BookingsPage vouchers={<VoucherList />} />;
}
