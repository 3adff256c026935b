import '../password.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-errors';
import { PageTitle } from '../../../shared/ui/page-title';
import { useCheckResetToken } from '../api/check-reset-token';
import { PASSWORD_NS } from '../i18n';
import { CreatePasswordForm } from './create-password-form';
import { LinkExpired } from './link-expired';

/** /create-psw/{type}/{uuid}: checks the reset link, then takes the new password. */
export function CreatePasswordPage() {
  const { t } = useTranslation(PASSWORD_NS);
  const { t: tp } = useTranslation('pages');
  const { uuid = '' } = useParams();
  const check = useCheckResetToken(uuid);
  // The link can also run out while the member is choosing a password.
  const [expired, setExpired] = useState(false);

  // Any business answer (expired, used, unknown or malformed token) means the link is no good.
  if (expired || isApiError(check.error)) return <LinkExpired focusTitle={expired} />;

  const title = tp('createPassword');
  return (
    <section
      className="page page--narrow password-page"
      aria-labelledby="page-title"
      aria-busy={check.isPending}
    >
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      {check.isPending ? <p className="page__lead">{t('createPassword.checking')}</p> : null}
      {check.isSuccess ? (
        <>
          <p className="page__lead">{t('createPassword.lead')}</p>
          <CreatePasswordForm uuid={uuid} onExpired={() => setExpired(true)} />
        </>
      ) : null}
    </section>
  );
}
