import { ProductDetailPage } from '@/features/airports/components/product-detail-page';

export function Component() {
  return <ProductDetailPage />;
}
