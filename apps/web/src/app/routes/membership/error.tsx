import { ErrorPage } from '@/features/membership/components/order-pages';

export function Component() {
  return <ErrorPage />;
}
