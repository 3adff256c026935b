import { CardSelectModal } from '@/features/cards/components/card-select-modal';
import { PaymentPage } from '@/features/prebooking/components/payment-page';

export function Component() {
  return <PaymentPage renderCardSelect={(props) => <CardSelectModal {...props} />} />;
}
