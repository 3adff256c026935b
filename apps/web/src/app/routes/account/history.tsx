import { UsageHistoryPage } from '@/features/bookings/components/usage-history-page';

export function Component() {
  return <UsageHistoryPage />;
}
