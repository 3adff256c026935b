import { SENT_EMAIL_NOTICE_MS } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useFleetingValue } from '@/shared/lib/use-fleeting-value';
import { isApiError } from '@/shared/api/api-errors';
import { useSendValidateEmail } from '@/shared/account/send-validate-email';
import { ACCOUNT_NS } from '../i18n';

/** For an address not yet verified: sends the verification link, and says so for 5 s (spec section 4). */
export function EmailVerification() {
  const { t } = useTranslation(ACCOUNT_NS);
  const send = useSendValidateEmail();
  const [sentTo, setSentTo] = useFleetingValue<string>(SENT_EMAIL_NOTICE_MS);

  const failure = isApiError(send.error, 'codeBusy')
    ? t('verifyEmail.busy')
    : isApiError(send.error)
      ? send.error.message
      : null;

  return (
    <div className="email-verification">
      <button
        type="button"
        className="button button--secondary"
        // aria-disabled rather than disabled, so focus stays on the button while it waits.
        aria-disabled={send.isPending || sentTo !== null || undefined}
        onClick={() => {
          if (send.isPending || sentTo !== null) return;
          send.mutate(undefined, { onSuccess: (result) => setSentTo(result.email) });
        }}
      >
        {send.isPending ? t('verifyEmail.sending') : t('verifyEmail.send')}
      </button>
      <div role="status">
        {sentTo !== null ? (
          <p className="notice notice--success">{t('verifyEmail.sent', { email: sentTo })}</p>
        ) : null}
      </div>
      {failure ? (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
