import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { ACCOUNT_NS } from '../i18n';

/** The account pages' About box, with Discover to the airport search (spec section 2). */
export function AccountAbout() {
  const { t } = useTranslation(ACCOUNT_NS);
  return (
    <section className="account-about" aria-labelledby="account-about-title">
      <h2 id="account-about-title">{t('about.title')}</h2>
      <p>{t('about.text')}</p>
      <Link className="button button--primary" to={paths.airport.getHref()}>
        {t('about.discover')}
      </Link>
    </section>
  );
}
