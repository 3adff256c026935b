import { UpdatePasswordSuccessPage } from '@/features/password/components/update-password-success-page';

export function Component() {
  return <UpdatePasswordSuccessPage />;
}
