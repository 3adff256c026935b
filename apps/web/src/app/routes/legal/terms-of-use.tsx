import { LegalPage } from '@/features/legal/components/legal-page';
import { termsUse } from '@/features/legal/content/terms-use';

export function Component() {
  return <LegalPage source={termsUse} />;
}
