import { SuccessPage } from '@/features/membership/components/order-pages';

export function Component() {
  return <SuccessPage />;
}
