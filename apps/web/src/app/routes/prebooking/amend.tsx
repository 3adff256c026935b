import { CardSelectModal } from '@/features/cards/components/card-select-modal';
import { AmendPage } from '@/features/prebooking/components/amend-page';

export function Component() {
  return <AmendPage renderCardSelect={(props) => <CardSelectModal {...props} />} />;
}
