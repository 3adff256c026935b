import '../airports.css';
import type { Airport, ProductCounts } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useSearchParams } from '@/shared/router';
import { AirportSearch } from '@/shared/airport-search/airport-search';
import { rememberAirport } from '@/shared/airport-search/recent-airports';
import { useAirportSearch } from '@/shared/airport-search/use-airport-search';
import { paths } from '@/shared/config/paths';
import { PageTitle } from '@/shared/ui/page-title';
import { useAirportProductCounts } from '../api/get-airport-product-counts';
import { AIRPORTS_NS } from '../i18n';

const RESULTS_SHOWN = 20;

/** /airport-result?keyword=: the airports found, each with how many offers it has. */
export function AirportResultPage() {
  const { t } = useTranslation(AIRPORTS_NS);
  const [params] = useSearchParams();
  const keyword = params.get('keyword')?.trim() ?? '';
  const { results, ready, list } = useAirportSearch(keyword, RESULTS_SHOWN);
  const counts = useAirportProductCounts(results.map((a) => a.iataCode));
  const countsByCode = new Map(counts.data?.map((c) => [c.iataCode, c]));
  const title = keyword ? t('result.title', { keyword }) : t('result.titleEmpty');

  return (
    <div className="page">
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      <AirportSearch key={keyword} initialQuery={keyword} />
      <section aria-labelledby="results-title" className="airport-results">
        <h2 id="results-title" className="visually-hidden">
          {t('result.listTitle')}
        </h2>
        <p role="status" className="airport-results__count">
          {!keyword
            ? t('result.typeSomething')
            : list.isError
              ? t('result.loadFailed')
              : !ready
                ? t('result.loading')
                : t('result.count', { count: results.length, keyword })}
        </p>
        {results.length > 0 ? (
          <ul className="airport-results__list">
            {results.map((airport) => (
              <AirportResult
                key={airport.iataCode}
                airport={airport}
                counts={countsByCode.get(airport.iataCode)}
                countsPending={counts.isPending}
              />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

interface AirportResultProps {
  airport: Airport;
  counts: ProductCounts | undefined;
  countsPending: boolean;
}

function AirportResult({ airport, counts, countsPending }: AirportResultProps) {
  const { t } = useTranslation(AIRPORTS_NS);
  return (
    <li className="airport-result">
      <h3 className="airport-result__name">
        <Link
          to={paths.airportDetail.getHref(airport.iataCode)}
          onClick={() => rememberAirport(airport)}
        >
          {airport.name} ({airport.iataCode})
        </Link>
      </h3>
      <p className="airport-result__place">
        {airport.city}, {airport.countryName}
      </p>
      <p className="airport-result__counts">
        {counts === undefined
          ? countsPending
            ? t('result.countsLoading')
            : null
          : counts.total === 0
            ? t('result.none')
            : [
                counts.lounge > 0 ? t('count.lounge', { count: counts.lounge }) : null,
                counts.dining > 0 ? t('count.dining', { count: counts.dining }) : null,
                counts.spa > 0 ? t('count.spa', { count: counts.spa }) : null,
                counts.fastTrack > 0 ? t('count.fastTrack', { count: counts.fastTrack }) : null,
              ]
                .filter(Boolean)
                .join(', ')}
      </p>
    </li>
  );
}
