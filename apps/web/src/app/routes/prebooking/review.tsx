import { ReviewPage } from '@/features/prebooking/components/review-page';

export function Component() {
  return <ReviewPage />;
}
