import { TimeOutPage } from '@/features/auth/components/time-out-page';

export function Component() {
  return <TimeOutPage />;
}
