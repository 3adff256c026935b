import { LegalPage } from '@/features/legal/components/legal-page';
import { accessibility } from '@/features/legal/content/accessibility';

export function Component() {
  return <LegalPage source={accessibility} />;
}
