import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { PageTitle } from '@/shared/ui/page-title';

export function TimeOutPage() {
  const { t } = useTranslation('pages');
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageTitle title={t('timeOut.title')} />
      <h1 id="page-title">{t('timeOut.title')}</h1>
      <p>{t('timeOut.body')}</p>
      <p>
        <Link className="button button--primary" to={paths.login.getHref()}>
          {t('timeOut.logIn')}
        </Link>
      </p>
    </section>
  );
}
