import { DeleteAccountPage } from '@/features/account/components/delete-account-page';

export function Component() {
  return <DeleteAccountPage />;
}
