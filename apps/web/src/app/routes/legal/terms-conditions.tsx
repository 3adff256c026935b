import { LegalPage } from '@/features/legal/components/legal-page';
import { termsConditions } from '@/features/legal/content/terms-conditions';

export function Component() {
  return <LegalPage source={termsConditions} />;
}
