import { ResultPage } from '@/features/prebooking/components/result-page';
import { LOUNGE_FLOW } from '@/features/prebooking/lib/flows';

export function Component() {
  return <ResultPage flow={LOUNGE_FLOW} />;
}
