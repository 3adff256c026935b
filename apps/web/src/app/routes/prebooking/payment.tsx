import { CardSelectModal } from '@/features/cards/components/card-select-modal';
import { PaymentPage } from '@/features/prebooking/components/payment-page';
import { LOUNGE_FLOW } from '@/features/prebooking/lib/flows';

export function Component() {
  return (
    <PaymentPage flow={LOUNGE_FLOW} renderCardSelect={(props) => <CardSelectModal {...props} />} />
  );
}
