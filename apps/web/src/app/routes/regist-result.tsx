import { RegistResultPage } from '@/features/email-verification/components/regist-result-page';

export function Component() {
  return <RegistResultPage />;
}
