import '../airports.css';
import { PRODUCT_KINDS, type ProductKind } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '@/shared/api/api-errors';
import { paths } from '@/shared/config/paths';
import { PageTitle } from '@/shared/ui/page-title';
import { useFastTrack } from '../api/get-fast-track-list';
import { AIRPORTS_NS } from '../i18n';
import { productDetailQueryOptions } from '../lib/product-queries';
import { ProductDetailView } from './product-detail-view';
import { FastTrackView } from './fast-track-view';

const isKind = (value: string | null): value is ProductKind =>
  (PRODUCT_KINDS as readonly (string | null)[]).includes(value);

/** /airport-detail/product?id=&kind=: one lounge, dining, spa or fast-track offer in full. */
export function ProductDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const kindParam = params.get('kind');
  const kind: ProductKind = isKind(kindParam) ? kindParam : 'lounge';
  const airportCode = (params.get('airport') ?? id.slice(0, 3)).toUpperCase();
  if (kind === 'fast-track') return <FastTrackDetail id={id} airportCode={airportCode} />;
  return <OfferDetail id={id} kind={kind} />;
}

function OfferDetail({ id, kind }: { id: string; kind: Exclude<ProductKind, 'fast-track'> }) {
  const detail = useQuery({ ...productDetailQueryOptions(kind, id), enabled: id !== '' });
  if (!id || isApiError(detail.error, 'notFound', 'invalidRequest')) return <NotFound />;
  if (!detail.data) return <Loading />;
  return <ProductDetailView product={detail.data} />;
}

/** Fast track has no detail call: its lane comes from the airport's fast-track list. */
function FastTrackDetail({ id, airportCode }: { id: string; airportCode: string }) {
  const list = useFastTrack({ airportCode, pageSize: 100 }, /^[A-Z0-9]{3}$/.test(airportCode));
  const lane = list.data?.items.find((item) => item.id === id);
  if (!id || (list.data && !lane) || isApiError(list.error)) return <NotFound />;
  if (!lane) return <Loading />;
  return <FastTrackView lane={lane} />;
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
