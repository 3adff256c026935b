import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { PageTitle } from '@/shared/ui/page-title';
import { ServerErrorDialog } from '@/shared/ui/server-error-dialog';

/** Any unknown path: the server-error dialog without a retry, and a way home (spec section 2). */
export function Component() {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageTitle title={t('notFound')} />
      <h1 id="page-title">{t('notFound')}</h1>
      <p>{tc('serverError.notFoundBody')}</p>
      <p>
        <Link to={paths.home.getHref()}>{tc('serverError.goHome')}</Link>
      </p>
      <ServerErrorDialog open body={tc('serverError.notFoundBody')} />
    </section>
  );
}
