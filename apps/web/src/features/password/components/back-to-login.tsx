import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { PASSWORD_NS } from '../i18n';

export function BackToLogin() {
  const { t } = useTranslation(PASSWORD_NS);
  return (
    <p className="password-page__back">
      <Link to={paths.login.getHref()}>{t('backToLogin')}</Link>
    </p>
  );
}
