import '../airports.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useSearchParams } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { paths } from '@/shared/config/paths';
import { PageTitle } from '@/shared/ui/page-title';
import { getProductDetailQueryOptions, productOfAddress } from '../api/get-product-detail';
import { AIRPORTS_NS } from '../i18n';
import { ProductDetailView } from './product-detail-view';

/** /airport-detail/product?id=&kind=: one lounge, dining, spa or fast-track offer in full. */
export function ProductDetailPage() {
  const [params] = useSearchParams();
  const { kind, id } = productOfAddress(params);
  const detail = useQuery({ ...getProductDetailQueryOptions(kind, id), enabled: id !== '' });
  if (!id || isApiError(detail.error, 'notFound', 'invalidRequest')) return <NotFound />;
  if (!detail.data) return <Loading />;
  // Every kind, fast track included, gets the same complete page (issue 21).
  return <ProductDetailView product={detail.data} />;
}

function Loading() {
  const { t } = useTranslation(AIRPORTS_NS);
  return (
    <section className="page page--narrow" aria-labelledby="page-title" aria-busy="true">
      <h1 id="page-title">{t('product.loading')}</h1>
    </section>
  );
}

function NotFound() {
  const { t } = useTranslation(AIRPORTS_NS);
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageTitle title={t('product.notFoundTitle')} />
      <h1 id="page-title">{t('product.notFoundTitle')}</h1>
      <p>{t('product.notFound')}</p>
      <p>
        <Link to={paths.home.getHref()}>{t('product.searchAgain')}</Link>
      </p>
    </section>
  );
}
