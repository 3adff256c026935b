import { useTranslation } from '@/shared/i18n/use-translation';

/** What the page shows while its first route chunk loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <main className="page-loading" aria-busy="true" tabIndex={-1}>
      <div className="loading-bar" role="progressbar" aria-label={t('loadingPage')}>
        <span className="loading-bar__track" />
      </div>
    </main>
  );
}
