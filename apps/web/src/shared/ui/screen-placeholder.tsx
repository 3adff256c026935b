import { useTranslation } from '@/shared/i18n/use-translation';
import { PageTitle } from './page-title';

/** A screen whose content comes in a later change: its proper title and a short note. */
export function ScreenPlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('pages');
  const title = t(titleKey);
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      <p>{t('comingSoon')}</p>
    </section>
  );
}
