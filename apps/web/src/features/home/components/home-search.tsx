import { useTranslation } from '@/shared/i18n/use-translation';
import { AirportSearch } from '@/shared/airport-search/airport-search';

export function HomeSearch() {
  const { t } = useTranslation('pages');
  return (
    <section className="home-search" aria-labelledby="home-search-title">
      <div className="home-search__inner">
        <h2 id="home-search-title">{t('home.searchTitle')}</h2>
        <AirportSearch />
      </div>
    </section>
  );
}
