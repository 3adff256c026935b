import { CODE_REQUEST_WAIT_SECONDS, PHONE_INPUT_MAX, type SendType } from '@portal/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-errors';
import { CodeEntryModal } from '../../../shared/verification/code-entry-modal';
import {
  DEFAULT_DIAL,
  DialCodeSelect,
  type DialCode,
} from '../../../shared/verification/dial-code-select';
import { VERIFICATION_NS } from '../../../shared/verification/i18n';
import { useWaitUntil } from '../../../shared/verification/use-wait-until';
import { WaitPanel } from '../../../shared/verification/wait-panel';
import { useCheckLoginCode, useSendLoginCode } from '../api/login-code';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { AUTH_NS } from '../i18n';
import { emailError, firstInvalid, type FieldErrors } from '../lib/login-validation';
import { mobileError } from '../lib/mobile-validation';
import { FormField } from './form-field';
import { LoginAlert } from './login-alert';

type Field = 'email' | 'mobile';

type CodeTarget =
  | { sendType: 'email'; email: string }
  | { sendType: 'sms'; mobileNoPrefix: string; mobileNo: string };

/**
 * Log in with a one-time code sent by email or text message, entered in the code modal.
 * Loaded only when chosen: the mobile number rules bring the phone number metadata.
 */
export function CodeLoginForm({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const { t } = useTranslation(AUTH_NS);
  const { t: tm } = useTranslation('messages');
  const { t: tv } = useTranslation(VERIFICATION_NS);
  const send = useSendLoginCode();
  const resend = useSendLoginCode();
  const check = useCheckLoginCode();
  const completeLogin = useCompleteLogin();
  const busy = useWaitUntil('busyAs', CODE_REQUEST_WAIT_SECONDS);
  const dialCodeId = useId();
  const [sendType, setSendType] = useState<SendType>('email');
  const [email, setEmail] = useState('');
  const [dialCode, setDialCode] = useState<DialCode>(DEFAULT_DIAL);
  const [mobile, setMobile] = useState('');
  const [checked, setChecked] = useState(false);
  const [sent, setSent] = useState<{ target: CodeTarget; to: string } | null>(null);
  const [refused, setRefused] = useState<unknown>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const mobileRef = useRef<HTMLInputElement>(null);
  const choiceRef = useRef<HTMLFieldSetElement>(null);
  const requestsBusy = busy.secondsLeft > 0;

  useEffect(() => {
    if (focusOnMount) choiceRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [focusOnMount]);

  const validate = (): FieldErrors<Field> =>
    sendType === 'email'
      ? { email: emailError(email) }
      : { mobile: mobileError(dialCode.dialCode, mobile) };
  const errors = checked ? validate() : {};
  const message = (field: Field) => {
    const key = errors[field];
    return key ? tm(key) : undefined;
  };

  const target = (): CodeTarget =>
    sendType === 'email'
      ? { sendType, email: email.trim() }
      : { sendType, mobileNoPrefix: dialCode.dialCode, mobileNo: mobile.trim() };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending || requestsBusy) return;
    setChecked(true);
    const invalid = firstInvalid(['email', 'mobile'], validate());
    if (invalid) {
      (invalid === 'email' ? emailRef : mobileRef).current?.focus();
      return;
    }
    const to = target();
    setRefused(null);
    send.mutate(to, {
      onSuccess: (result) => setSent({ target: to, to: result.to }),
      onError: (error) => {
        if (isApiError(error, 'codeBusy')) busy.start(error.time);
      },
    });
  };

  const onCode = async (code: string) => {
    if (!sent) return;
    try {
      completeLogin(await check.mutateAsync({ ...sent.target, verifiCode: code }));
    } catch (error) {
      // The code was right but the membership refuses: say so on the page, not in the modal.
      if (!isApiError(error, 'membershipSuspended')) throw error;
      setSent(null);
      setRefused(error);
    }
  };

  const onResend = async () => {
    if (!sent) return;
    const result = await resend.mutateAsync(sent.target);
    setSent({ target: sent.target, to: result.to });
  };

  const sendError = isApiError(send.error, 'codeBusy') ? null : send.error;

  return (
    <>
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={send.isPending}>
        <LoginAlert error={refused ?? sendError} lockSecondsLeft={0} />
        {requestsBusy ? (
          <WaitPanel
            title={tv('codeEntry.busyTitle')}
            text={tv('codeEntry.busyText')}
            timer={(time) => tv('codeEntry.busyTimer', { time })}
            secondsLeft={busy.secondsLeft}
          />
        ) : null}
        <p className="auth-form__intro">{t('code.intro')}</p>
        <fieldset ref={choiceRef} className="auth-choice">
          <legend>{t('code.sendBy')}</legend>
          {(['email', 'sms'] as const).map((type) => (
            <label key={type} className="auth-choice__option">
              <input
                type="radio"
                name="sendType"
                value={type}
                checked={sendType === type}
                onChange={() => setSendType(type)}
              />
              {t(type === 'email' ? 'code.email' : 'code.sms')}
            </label>
          ))}
        </fieldset>
        {sendType === 'email' ? (
          <FormField label={t('login.email')} error={message('email')}>
            {(control) => (
              <input
                {...control}
                ref={emailRef}
                className="auth-input"
                type="email"
                name="email"
                autoComplete="email"
                spellCheck={false}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </FormField>
        ) : (
          <div className="auth-mobile">
            <div className="auth-field auth-mobile__dial">
              <label htmlFor={dialCodeId}>{t('code.dialCode')}</label>
              <DialCodeSelect
                id={dialCodeId}
                className="auth-input"
                name="mobileAreaCode"
                value={dialCode}
                onChange={setDialCode}
              />
            </div>
            <FormField label={t('code.mobile')} error={message('mobile')}>
              {(control) => (
                <input
                  {...control}
                  ref={mobileRef}
                  className="auth-input"
                  type="tel"
                  name="mobileNo"
                  autoComplete="tel-national"
                  maxLength={PHONE_INPUT_MAX}
                  value={mobile}
                  onChange={(event) => setMobile(event.target.value)}
                />
              )}
            </FormField>
          </div>
        )}
        <div className="auth-form__actions">
          <button
            type="submit"
            className="button button--primary button--large"
            aria-disabled={send.isPending || requestsBusy || undefined}
          >
            {t('code.send')}
          </button>
        </div>
        <p role="status" className="auth-form__status">
          {send.isPending && !sent ? t('code.sending') : ''}
        </p>
      </form>
      <CodeEntryModal
        open={sent !== null}
        sendType={sent?.target.sendType ?? sendType}
        sentTo={sent?.to ?? ''}
        onSubmit={onCode}
        onResend={onResend}
        onClose={() => setSent(null)}
      />
    </>
  );
}
