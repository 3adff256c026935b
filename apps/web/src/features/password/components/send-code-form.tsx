import { SENT_EMAIL_NOTICE_MS, type SendType } from '@portal/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useNavigate } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { Form, FormStatus, SubmitButton } from '@/shared/forms/form';
import { FormError } from '@/shared/forms/form-error';
import { CodeEntryModal } from '@/shared/verification/code-entry-modal';
import { CodeRequestsBusy } from '@/shared/verification/code-requests-busy';
import { CodeTargetFields, useCodeTargetForm } from '@/shared/verification/code-target';
import { useCodeSending } from '@/shared/verification/use-code-sending';
import { useSendForgetPwd } from '../api/send-forget-pwd';
import { useVerifyForgetPwdCode } from '../api/verify-forget-pwd-code';
import { PASSWORD_NS } from '../i18n';

/**
 * Asks where to send the forgotten-password code, sends it, and takes the code in the shared
 * code-entry modal; a right code leads to the create-password page.
 */
export function SendCodeForm({ sendType }: { sendType: SendType }) {
  const { t } = useTranslation(PASSWORD_NS);
  const navigate = useNavigate();
  const sending = useCodeSending(useSendForgetPwd(), useSendForgetPwd());
  const verify = useVerifyForgetPwdCode();
  const target = useCodeTargetForm(sendType);
  // The email confirmation on the page (spec section 4): a new object restarts its 5 s.
  const [notice, setNotice] = useState<{ to: string } | null>(null);
  const { sent } = sending;

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), SENT_EMAIL_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The code dialog opens at once; by email the page also says where the code went.
    sending.submit(target, (to) => {
      if (sendType === 'email') setNotice({ to });
    });
  };

  return (
    <>
      <Form onSubmit={onSubmit}>
        <CodeTargetFields target={target} />
        <FormStatus>
          {notice ? (
            <p className="notice notice--success">{t('sendCode.sent', { to: notice.to })}</p>
          ) : null}
        </FormStatus>
        {sending.busySecondsLeft > 0 ? (
          <CodeRequestsBusy secondsLeft={sending.busySecondsLeft} />
        ) : (
          <FormError error={sending.error} />
        )}
        <SubmitButton busy={sending.blocked}>{t('sendCode.send')}</SubmitButton>
      </Form>
      {sent ? (
        <CodeEntryModal
          open
          sendType={sendType}
          sentTo={sent.to}
          onSubmit={async (code) => {
            const result = await verify.mutateAsync({ ...sent.target, verifiCode: code });
            await navigate(paths.createPassword.getHref(result.sendType, result.uuid));
          }}
          onResend={sending.resend}
          onClose={sending.close}
        />
      ) : null}
    </>
  );
}
