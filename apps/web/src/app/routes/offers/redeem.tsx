import { RedeemOfferPage } from '@/features/offers/components/redeem-offer-page';

export function Component() {
  return <RedeemOfferPage />;
}
