import { ListPage } from '@/features/membership/components/list-page';

export function Component() {
  return <ListPage />;
}
