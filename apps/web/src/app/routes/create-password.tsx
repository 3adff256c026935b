import { CreatePasswordPage } from '@/features/password/components/create-password-page';

export function Component() {
  return <CreatePasswordPage />;
}
