import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { SIGN_UP_NS } from '../i18n';

/** A member who is logged in adds further memberships from their account, not here. */
export function SignedInNotice() {
  const { t } = useTranslation(SIGN_UP_NS);
  return (
    <>
      <p>{t('signedIn.text')}</p>
      <p>
        <Link className="button button--primary" to={paths.membership.add.getHref()}>
          {t('signedIn.addMembership')}
        </Link>
      </p>
    </>
  );
}
