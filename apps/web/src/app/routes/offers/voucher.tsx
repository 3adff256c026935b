import { VoucherPage } from '@/features/offers/components/voucher-page';

export function Component() {
  return <VoucherPage />;
}
