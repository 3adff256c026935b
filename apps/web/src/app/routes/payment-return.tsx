import { PaymentReturnPage } from '@/features/payment-return/components/payment-return-page';

export function Component() {
  return <PaymentReturnPage />;
}
