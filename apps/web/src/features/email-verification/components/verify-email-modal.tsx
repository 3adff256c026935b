import { SENT_EMAIL_NOTICE_MS } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useFleetingValue } from '@/shared/lib/use-fleeting-value';
import { isApiError } from '@/shared/api/api-errors';
import { Modal } from '@/shared/ui/modal';
import { useSendValidateEmail } from '@/shared/account/send-validate-email';
import { EMAIL_VERIFICATION_NS } from '../i18n';

/** "3 minutes", "45 seconds": a wait from result.time. */
function waitText(seconds: number, t: (key: string, options: { count: number }) => string) {
  return seconds >= 60
    ? t('verifyEmail.minutes', { count: Math.ceil(seconds / 60) })
    : t('verifyEmail.seconds', { count: Math.max(1, Math.round(seconds)) });
}

/** Offers to send the email verification link; says so for 5 s once sent (spec section 4). */
export function VerifyEmailModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(EMAIL_VERIFICATION_NS);
  const send = useSendValidateEmail();
  const [sentTo, setSentTo] = useFleetingValue<string>(SENT_EMAIL_NOTICE_MS);

  const busy = isApiError(send.error, 'codeBusy') ? send.error : undefined;

  return (
    <Modal
      open
      title={t('verifyEmail.title')}
      description={t('verifyEmail.text')}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <div role="status" className="verify-email__status">
        {sentTo !== null ? (
          <p className="notice notice--success">{t('verifyEmail.sent', { email: sentTo })}</p>
        ) : null}
      </div>
      {busy ? (
        <p className="notice notice--error" role="alert">
          {busy.time
            ? t('verifyEmail.busy', { wait: waitText(busy.time, t) })
            : t('verifyEmail.busyNoTime')}
        </p>
      ) : send.isError && !isApiError(send.error, 'codeBusy') && isApiError(send.error) ? (
        <p className="notice notice--error" role="alert">
          {send.error.message}
        </p>
      ) : null}
      <div className="modal__actions">
        <button
          type="button"
          className="button button--primary"
          // aria-disabled rather than disabled, so focus stays on the button while it waits.
          aria-disabled={send.isPending || sentTo !== null}
          onClick={() => {
            if (send.isPending || sentTo !== null) return;
            send.mutate(undefined, { onSuccess: (result) => setSentTo(result.email) });
          }}
        >
          {send.isPending ? t('verifyEmail.sending') : t('verifyEmail.send')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('verifyEmail.cancel')}
        </button>
      </div>
    </Modal>
  );
}
