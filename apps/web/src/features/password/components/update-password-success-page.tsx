import '../password.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { PageTitle } from '../../../shared/ui/page-title';
import { PASSWORD_NS } from '../i18n';

/** /update-pwd-succ: the password was reset; the member logs in with the new one. */
export function UpdatePasswordSuccessPage() {
  const { t } = useTranslation(PASSWORD_NS);
  const { t: tp } = useTranslation('pages');
  const title = tp('updatePasswordSuccess');
  return (
    <section className="page page--narrow password-page" aria-labelledby="page-title">
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      <p className="page__lead">{t('updated.text')}</p>
      <p>
        <Link className="button button--primary" to={paths.login.getHref()}>
          {t('updated.logIn')}
        </Link>
      </p>
    </section>
  );
}
