import type { SendType } from '@portal/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isApiError } from '@/shared/api/api-errors';
import { Form, FormStatus, SubmitButton } from '@/shared/forms/form';
import { CodeEntryModal } from '@/shared/verification/code-entry-modal';
import { CodeRequestsBusy } from '@/shared/verification/code-requests-busy';
import { CodeTargetFields, useCodeTargetForm } from '@/shared/verification/code-target';
import { SendTypeChoice } from '@/shared/verification/send-type-choice';
import { useCodeSending } from '@/shared/verification/use-code-sending';
import { useCheckLoginCode, useSendLoginCode } from '../api/login-code';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { AUTH_NS } from '../i18n';
import { LoginAlert } from './login-alert';

/**
 * Log in with a one-time code sent by email or text message, entered in the code modal.
 * Loaded only when chosen: the mobile number rules bring the phone number metadata.
 */
export function CodeLoginForm({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const { t } = useTranslation(AUTH_NS);
  const sending = useCodeSending(useSendLoginCode(), useSendLoginCode());
  const check = useCheckLoginCode();
  const completeLogin = useCompleteLogin();
  const [sendType, setSendType] = useState<SendType>('email');
  const target = useCodeTargetForm(sendType);
  const [refused, setRefused] = useState<unknown>(null);
  const choiceRef = useRef<HTMLFieldSetElement>(null);
  const { sent } = sending;

  useEffect(() => {
    if (focusOnMount) choiceRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [focusOnMount]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.submit(target)) setRefused(null);
  };

  const onCode = async (code: string) => {
    if (!sent) return;
    try {
      completeLogin(await check.mutateAsync({ ...sent.target, verifiCode: code }));
    } catch (error) {
      // The code was right but the membership refuses: say so on the page, not in the modal.
      if (!isApiError(error, 'membershipSuspended')) throw error;
      sending.close();
      setRefused(error);
    }
  };

  return (
    <>
      <Form onSubmit={onSubmit} busy={sending.pending}>
        <LoginAlert error={refused ?? sending.error} lockSecondsLeft={0} />
        {sending.busySecondsLeft > 0 ? (
          <CodeRequestsBusy secondsLeft={sending.busySecondsLeft} />
        ) : null}
        <p className="form__intro">{t('code.intro')}</p>
        <SendTypeChoice
          ref={choiceRef}
          legend={t('code.sendBy')}
          value={sendType}
          onChange={setSendType}
        />
        <CodeTargetFields target={target} />
        <SubmitButton large busy={sending.blocked}>
          {t('code.send')}
        </SubmitButton>
        <FormStatus>{sending.pending && !sent ? t('code.sending') : null}</FormStatus>
      </Form>
      <CodeEntryModal
        open={sent !== null}
        sendType={sent?.target.sendType ?? sendType}
        sentTo={sent?.to ?? ''}
        onSubmit={onCode}
        onResend={sending.resend}
        onClose={sending.close}
      />
    </>
  );
}
