import { LaneDetailPage } from '@/features/prebooking/components/lane-detail-page';

export function Component() {
  return <LaneDetailPage />;
}
