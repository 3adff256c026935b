import { AccountLayout } from '@/features/account/components/account-layout';

export function Component() {
  return <AccountLayout />;
}
