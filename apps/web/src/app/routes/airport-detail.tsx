import { AirportDetailPage } from '@/features/airports/components/airport-detail-page';

export function Component() {
  return <AirportDetailPage />;
}
