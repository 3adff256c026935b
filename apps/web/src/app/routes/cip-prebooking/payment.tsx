import { CardSelectModal } from '@/features/cards/components/card-select-modal';
import { PaymentPage } from '@/features/prebooking/components/payment-page';
import { FAST_TRACK_FLOW } from '@/features/prebooking/lib/flows';

export function Component() {
  return (
    <PaymentPage
      flow={FAST_TRACK_FLOW}
      renderCardSelect={(props) => <CardSelectModal {...props} />}
    />
  );
}
