import { Suspense } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { CookieSettingsButton } from '@/features/cookies/components/cookie-settings-button';
import { MembershipLink } from '@/features/email-verification/components/membership-link';
import { TermsPageLink } from '@/features/legal/components/terms-page-link';
import { paths } from '@/shared/config/paths';
import { legalTextValues } from '@/shared/issuer/issuer-profiles';
import { useIssuer } from '@/shared/issuer/use-issuer';
import { lazyNamed } from '@/shared/lib/lazy-named';

// The terms link needs the api client; loading it apart keeps it off the first paint.
const TermsLink = lazyNamed(() => import('@/features/legal/components/terms-link'), 'TermsLink');

export function Footer({ showNavigation }: { showNavigation: boolean }) {
  const { t } = useTranslation();
  const issuer = useIssuer();

  const links = [
    { to: paths.legal.termsOfUse.getHref(), label: t('footer.termsOfUse') },
    { to: paths.legal.privacyPolicy.getHref(), label: t('footer.privacyPolicy') },
    { to: paths.legal.cookiePolicy.getHref(), label: t('footer.cookiePolicy') },
    { to: paths.legal.accessibility.getHref(), label: t('footer.accessibility') },
    { to: paths.legal.diningTerms.getHref(), label: t('footer.diningTerms') },
    { to: paths.contactUs.getHref(), label: t('footer.contactUs') },
    { to: paths.faqs.getHref(), label: t('footer.faqs') },
  ];

  // On every page, the closed channels' included: consent can always be changed (issue 21).
  const cookieSettings = <CookieSettingsButton className="site-footer__link site-footer__button" />;

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {showNavigation ? (
          <nav aria-label={t('footer.navLabel')}>
            <ul className="site-footer__links">
              <li>
                <Suspense fallback={<TermsPageLink className="site-footer__link" />}>
                  <TermsLink issuer={issuer} className="site-footer__link" />
                </Suspense>
              </li>
              {links.map((link) => (
                <li key={link.label}>
                  <Link className="site-footer__link" to={link.to}>
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <MembershipLink className="site-footer__link" />
              </li>
              <li>{cookieSettings}</li>
            </ul>
          </nav>
        ) : (
          <p className="site-footer__alone">{cookieSettings}</p>
        )}
        <p className="site-footer__legal">{t('footer.legal', legalTextValues(issuer))}</p>
      </div>
    </footer>
  );
}
