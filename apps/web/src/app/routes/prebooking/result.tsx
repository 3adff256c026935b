import { ResultPage } from '@/features/prebooking/components/result-page';

export function Component() {
  return <ResultPage />;
}
