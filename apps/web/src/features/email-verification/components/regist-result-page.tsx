import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useParams } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { paths } from '@/shared/config/paths';
import { useAuth } from '@/shared/storage/use-auth';
import { PageTitle } from '@/shared/ui/page-title';
import { useValidateEmail } from '../api/validate-email';
import { EMAIL_VERIFICATION_NS } from '../i18n';

/** /regist/result/{uuid}: confirms the email address from its link, or says the link expired. */
export function RegistResultPage() {
  const { t } = useTranslation(EMAIL_VERIFICATION_NS);
  const { uuid = '' } = useParams();
  const { isLogin } = useAuth();
  const result = useValidateEmail(uuid);

  const expired = isApiError(result.error, 'linkExpired');
  const title = result.isPending
    ? t('registResult.checking')
    : result.isSuccess
      ? t('registResult.verifiedTitle')
      : expired
        ? t('registResult.expiredTitle')
        : t('registResult.invalidTitle');

  const next = isLogin ? (
    <Link className="button button--primary" to={paths.membership.overview.getHref()}>
      {t('registResult.toMembership')}
    </Link>
  ) : (
    <Link className="button button--primary" to={paths.login.getHref()}>
      {t('registResult.logIn')}
    </Link>
  );

  return (
    <section
      className="page page--narrow"
      aria-labelledby="page-title"
      aria-busy={result.isPending}
    >
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      {result.isSuccess ? (
        <p className="page__lead">{t('registResult.verified', { email: result.data.email })}</p>
      ) : expired ? (
        <p className="page__lead">{t('registResult.expired')}</p>
      ) : isApiError(result.error, 'emailRegistered') ? (
        // A new address asked for with bind-email that another account has taken since.
        <p className="page__lead">{result.error.message}</p>
      ) : result.isError ? (
        <p className="page__lead">{t('registResult.invalid')}</p>
      ) : null}
      {result.isPending ? null : <p>{next}</p>}
    </section>
  );
}
