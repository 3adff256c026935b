import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { AUTH_NS } from '../i18n';

/** 'Membership Suspended' tells the member to contact support (spec section 8). */
export function MembershipSuspended() {
  const { t } = useTranslation(AUTH_NS);
  return (
    <div role="alert" className="notice notice--error auth-alert">
      <p className="auth-alert__title">{t('login.suspendedTitle')}</p>
      <p>{t('login.suspendedText')}</p>
      <p>
        <Link to={paths.contactUs.getHref()}>{t('login.contactUs')}</Link>
      </p>
    </div>
  );
}
