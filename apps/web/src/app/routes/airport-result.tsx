import { AirportResultPage } from '@/features/airports/components/airport-result-page';

export function Component() {
  return <AirportResultPage />;
}
