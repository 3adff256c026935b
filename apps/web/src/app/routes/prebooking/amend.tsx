import { AmendPage } from '@/features/prebooking/components/amend-page';

export function Component() {
  return <AmendPage />;
}
