import '../password.css';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useParams } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { NarrowPage } from '@/shared/ui/narrow-page';
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

  return (
    <NarrowPage
      className="password-page"
      title={tp('createPassword')}
      lead={
        check.isPending
          ? t('createPassword.checking')
          : check.isSuccess
            ? t('createPassword.lead')
            : null
      }
      busy={check.isPending}
    >
      {check.isSuccess ? (
        <CreatePasswordForm uuid={uuid} onExpired={() => setExpired(true)} />
      ) : null}
    </NarrowPage>
  );
}
