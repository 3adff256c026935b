import { DigitalCardPage } from '@/features/membership/components/digital-card-page';

export function Component() {
  return <DigitalCardPage />;
}
