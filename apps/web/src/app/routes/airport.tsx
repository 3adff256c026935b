import { useTranslation } from '@/shared/i18n/use-translation';
import { AirportSearch } from '@/shared/airport-search/airport-search';
import { PageTitle } from '@/shared/ui/page-title';

export function Component() {
  const { t } = useTranslation('pages');
  return (
    <div className="page page--narrow">
      <PageTitle title={t('airport')} />
      <h1 id="page-title">{t('airport')}</h1>
      <AirportSearch />
    </div>
  );
}
