import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { MEMBERSHIP_NS } from '../i18n';

/** A member whose account holds no membership (any more): the way to add one. */
export function NoMembership() {
  const { t } = useTranslation(MEMBERSHIP_NS);
  return (
    <div className="membership__none">
      <h2>{t('none.title')}</h2>
      <p>{t('none.text')}</p>
      <Link className="button button--primary" to={paths.membership.add.getHref()}>
        {t('none.add')}
      </Link>
    </div>
  );
}
