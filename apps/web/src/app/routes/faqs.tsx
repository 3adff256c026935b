import { FaqsPage } from '@/features/help/components/faqs-page';

export function Component() {
  return <FaqsPage />;
}
