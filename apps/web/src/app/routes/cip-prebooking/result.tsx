import { ResultPage } from '@/features/prebooking/components/result-page';
import { FAST_TRACK_FLOW } from '@/features/prebooking/lib/flows';

export function Component() {
  return <ResultPage flow={FAST_TRACK_FLOW} />;
}
