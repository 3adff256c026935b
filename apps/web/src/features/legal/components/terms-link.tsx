import type { Issuer } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../../../shared/ui/external-link';
import { useTermsLinks } from '../api/get-terms-links';
import { TermsPageLink } from './terms-page-link';

/** The footer's terms link: the issuer's first terms document, in a new tab (spec section 2). */
export function TermsLink({ issuer, className }: { issuer: Issuer; className?: string }) {
  const { t } = useTranslation();
  const { data } = useTermsLinks(issuer);
  const first = data?.[0];
  if (!first) return <TermsPageLink {...(className ? { className } : {})} />;
  return (
    <ExternalLink href={first.url} {...(className ? { className } : {})}>
      {t('footer.terms')}
    </ExternalLink>
  );
}
