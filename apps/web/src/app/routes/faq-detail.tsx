import { FaqDetailPage } from '@/features/help/components/faq-detail-page';

export function Component() {
  return <FaqDetailPage />;
}
