import { CardSelectModal } from '@/features/cards/components/card-select-modal';
import { BuyPage } from '@/features/membership/components/buy-page';

export function Component() {
  return <BuyPage renderCardSelect={(props) => <CardSelectModal {...props} />} />;
}
