import { TermsAndConditionsPage } from '@/features/legal/components/terms-and-conditions-page';

export function Component() {
  return <TermsAndConditionsPage />;
}
