import '../password.css';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { NarrowPage } from '@/shared/ui/narrow-page';
import { PASSWORD_NS } from '../i18n';

/** /update-pwd-succ: the password was reset; the member logs in with the new one. */
export function UpdatePasswordSuccessPage() {
  const { t } = useTranslation(PASSWORD_NS);
  const { t: tp } = useTranslation('pages');
  return (
    <NarrowPage
      className="password-page"
      title={tp('updatePasswordSuccess')}
      lead={t('updated.text')}
    >
      <p>
        <Link className="button button--primary" to={paths.login.getHref()}>
          {t('updated.logIn')}
        </Link>
      </p>
    </NarrowPage>
  );
}
