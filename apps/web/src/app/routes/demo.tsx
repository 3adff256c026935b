import { DemoPage } from '@/features/demo/components/demo-page';

export function Component() {
  return <DemoPage />;
}
