import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';

/** The portal's own terms page: used until (or unless) the issuer's terms link is known. */
export function TermsPageLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={paths.legal.termsAndConditions.getHref()} className={className}>
      {t('footer.terms')}
    </Link>
  );
}
