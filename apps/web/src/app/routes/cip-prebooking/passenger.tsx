import { LanePassengerPage } from '@/features/prebooking/components/lane-passenger-page';

export function Component() {
  return <LanePassengerPage />;
}
