import { DetailPage } from '@/features/prebooking/components/detail-page';

export function Component() {
  return <DetailPage />;
}
