import { AddPage } from '@/features/membership/components/add-page';

export function Component() {
  return <AddPage />;
}
