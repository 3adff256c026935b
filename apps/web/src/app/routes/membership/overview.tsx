import { OverviewPage } from '@/features/membership/components/overview-page';

export function Component() {
  return <OverviewPage />;
}
