import { ChangePasswordPage } from '@/features/password/components/change-password-page';

export function Component() {
  return <ChangePasswordPage />;
}
