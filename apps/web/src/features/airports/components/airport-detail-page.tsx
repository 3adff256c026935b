import '../airports.css';
import { PRODUCT_KINDS, type ProductKind } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useSearchParams } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { paths } from '@/shared/config/paths';
import { PageTitle } from '@/shared/ui/page-title';
import { Tabs } from '@/shared/ui/tabs';
import { useAirportProductFilter } from '../api/get-airport-product-filter';
import { AIRPORTS_NS } from '../i18n';
import { useAirport } from '../lib/use-airport';
import { ProductPanel } from './product-panel';

const isKind = (value: string | null): value is ProductKind =>
  (PRODUCT_KINDS as readonly (string | null)[]).includes(value);

const countKey = {
  lounge: 'lounge',
  dining: 'dining',
  spa: 'spa',
  'fast-track': 'fastTrack',
} as const satisfies Record<ProductKind, string>;

/** /airport-detail?code=LHR: the airport's lounges, dining, spa and fast track in tabs. */
export function AirportDetailPage() {
  const { t } = useTranslation(AIRPORTS_NS);
  const [params, setParams] = useSearchParams();
  const code = (params.get('code') ?? '').trim().toUpperCase();
  const tabParam = params.get('tab');
  const kind: ProductKind = isKind(tabParam) ? tabParam : 'lounge';
  const { airport, isPending: airportPending } = useAirport(code);
  const overview = useAirportProductFilter(code);
  const counts = overview.data?.counts;

  const title = airport ? `${airport.name} (${airport.iataCode})` : t('detail.titleCode', { code });

  if (!/^[A-Z0-9]{3}$/.test(code) || isApiError(overview.error, 'notFound', 'invalidRequest')) {
    return (
      <section className="page page--narrow" aria-labelledby="page-title">
        <PageTitle title={t('detail.notFoundTitle')} />
        <h1 id="page-title">{t('detail.notFoundTitle')}</h1>
        <p>{code ? t('detail.notFound', { code }) : t('detail.noCode')}</p>
        <p>
          <Link to={paths.airport.getHref()}>{t('detail.search')}</Link>
        </p>
      </section>
    );
  }

  // The heading, the airport's place and the tabs come together, so nothing moves when the
  // airport's name arrives (a first screen's layout shift: bench/budgets.ts).
  if (airportPending) {
    return (
      <section className="page" aria-labelledby="page-title" aria-busy="true">
        <h1 id="page-title">{t('product.loading')}</h1>
      </section>
    );
  }

  const select = (next: ProductKind) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('tab', next);
        return copy;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="page">
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      {airport ? (
        <p className="page__lead">
          {airport.city}, {airport.countryName}
        </p>
      ) : null}
      <Tabs
        label={t('detail.tabsLabel')}
        selected={kind}
        onSelect={select}
        tabs={PRODUCT_KINDS.map((k) => ({
          id: k,
          // The count's place is kept while it loads, so the tabs do not move when it comes.
          label: (
            <>
              {t(`kind.${k}`)}{' '}
              <span className="tabs__count">
                {counts ? t('detail.tabCount', { count: counts[countKey[k]] }) : null}
              </span>
            </>
          ),
        }))}
      >
        <ProductPanel
          key={kind}
          kind={kind}
          airportCode={code}
          airportName={airport?.name ?? code}
        />
      </Tabs>
    </div>
  );
}
