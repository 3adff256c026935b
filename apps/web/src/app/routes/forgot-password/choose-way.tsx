import { ChooseWayPage } from '@/features/password/components/choose-way-page';

export function Component() {
  return <ChooseWayPage />;
}
