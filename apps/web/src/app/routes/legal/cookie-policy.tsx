import { LegalPage } from '@/features/legal/components/legal-page';
import { cookiePolicy } from '@/features/legal/content/cookie-policy';

export function Component() {
  return <LegalPage source={cookiePolicy} />;
}
