import { VisaPage } from '@/features/visa/components/visa-page';

export function Component() {
  return <VisaPage />;
}
