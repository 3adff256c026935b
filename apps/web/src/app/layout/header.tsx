import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { IssuerLogo } from '@/shared/issuer/issuer-logo';
import { issuerProfiles } from '@/shared/issuer/issuer-profiles';
import { useIssuer } from '@/shared/issuer/use-issuer';
import { MainNav } from './main-nav';

export function Header({ showNavigation }: { showNavigation: boolean }) {
  const { t } = useTranslation();
  const issuer = useIssuer();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link className="site-header__brand" to={paths.home.getHref()}>
          <IssuerLogo issuer={issuer} className="site-header__logo" />
          <span className="visually-hidden">
            {/* The default brand names no bank ("your bank airport lounges" would read oddly). */}
            {issuer === 'default'
              ? t('homeLinkLabelDefault')
              : t('homeLinkLabel', { bank: issuerProfiles[issuer].bankName })}
          </span>
        </Link>
        {showNavigation ? <MainNav /> : null}
      </div>
    </header>
  );
}
