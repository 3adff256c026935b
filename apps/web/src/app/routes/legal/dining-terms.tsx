import { LegalPage } from '@/features/legal/components/legal-page';
import { diningTerms } from '@/features/legal/content/dining-terms';

export function Component() {
  return <LegalPage source={diningTerms} />;
}
