import { SupportPage } from '@/features/help/components/support-page';

export function Component() {
  return <SupportPage />;
}
