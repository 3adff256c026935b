import { LaneReviewPage } from '@/features/prebooking/components/lane-review-page';

export function Component() {
  return <LaneReviewPage />;
}
