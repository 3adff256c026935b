import {
  CODE_REQUEST_WAIT_SECONDS,
  PHONE_INPUT_MAX,
  SENT_EMAIL_NOTICE_MS,
  codeTargetSchema,
  type Calls,
  type PayloadOf,
  type SendType,
} from '@portal/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-errors';
import { paths } from '../../../shared/config/paths';
import { CodeEntryModal } from '../../../shared/verification/code-entry-modal';
import {
  DEFAULT_DIAL,
  DialCodeSelect,
  type DialCode,
} from '../../../shared/verification/dial-code-select';
import { VERIFICATION_NS } from '../../../shared/verification/i18n';
import { useWaitUntil } from '../../../shared/verification/use-wait-until';
import { WaitPanel } from '../../../shared/verification/wait-panel';
import { useSendForgetPwd } from '../api/send-forget-pwd';
import { useVerifyForgetPwdCode } from '../api/verify-forget-pwd-code';
import { PASSWORD_NS } from '../i18n';
import { serverFieldErrors, validate } from '../lib/field-errors';
import { useForm } from '../lib/use-form';
import { FormError } from './form-error';
import { TextField } from './text-field';

type CodeTarget = PayloadOf<Calls['sendForgetPwd']>;
type Field = 'email' | 'mobileNoPrefix' | 'mobileNo';
const FIELDS: readonly Field[] = ['email', 'mobileNoPrefix', 'mobileNo'];
const BY_PATH: Record<string, Field> = {
  email: 'email',
  mobileNoPrefix: 'mobileNoPrefix',
  mobileNo: 'mobileNo',
};

interface Sent {
  target: CodeTarget;
  to: string;
}

/**
 * Asks where to send the forgotten-password code, sends it, and takes the code in the shared
 * code-entry modal; a right code leads to the create-password page.
 */
export function SendCodeForm({ sendType }: { sendType: SendType }) {
  const { t } = useTranslation(PASSWORD_NS);
  const { t: tv } = useTranslation(VERIFICATION_NS);
  const navigate = useNavigate();
  const id = useId();
  const send = useSendForgetPwd();
  const resend = useSendForgetPwd();
  const verify = useVerifyForgetPwdCode();
  const busy = useWaitUntil('busyAs', CODE_REQUEST_WAIT_SECONDS);
  const [dial, setDial] = useState<DialCode>(DEFAULT_DIAL);
  const [sent, setSent] = useState<Sent | null>(null);
  const [notice, setNotice] = useState(false);
  const [codeOpen, setCodeOpen] = useState(false);

  const form = useForm(FIELDS, { email: '', mobileNoPrefix: '', mobileNo: '' }, (values) =>
    validate<CodeTarget, Field>(
      codeTargetSchema,
      sendType === 'email'
        ? { sendType, email: values.email }
        : { sendType, mobileNoPrefix: dial.dialCode, mobileNo: values.mobileNo },
      FIELDS,
    ),
  );

  // The email confirmation shows for 5 s (spec section 4), then the code is asked for.
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => {
      setNotice(false);
      setCodeOpen(true);
    }, SENT_EMAIL_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const waiting = busy.secondsLeft > 0;
  const blocked = send.isPending || notice || waiting;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked) return;
    const target = form.submit();
    if (!target) return;
    send.mutate(target, {
      onSuccess: (result) => {
        setSent({ target, to: result.to });
        if (sendType === 'email') setNotice(true);
        else setCodeOpen(true);
      },
      onError: (error) => {
        if (isApiError(error, 'codeBusy')) busy.start(error.time);
        else if (isApiError(error, 'invalidRequest')) {
          form.showServerErrors(serverFieldErrors(error.fields, BY_PATH));
        }
      },
    });
  };

  const dialError = form.errors.mobileNoPrefix;

  return (
    <>
      <form className="password-form" noValidate onSubmit={onSubmit}>
        {sendType === 'email' ? (
          <TextField
            ref={form.fieldRef('email')}
            label={t('sendCode.email')}
            type="email"
            autoComplete="email"
            value={form.values.email}
            onChange={(value) => form.setValue('email', value)}
            error={form.errors.email}
          />
        ) : (
          <div className="password-form__mobile">
            <div className="field password-form__field">
              <label htmlFor={`${id}-dial`}>{t('sendCode.dialCode')}</label>
              <DialCodeSelect
                id={`${id}-dial`}
                autoComplete="tel-country-code"
                value={dial}
                onChange={setDial}
                aria-invalid={dialError ? true : undefined}
                aria-describedby={dialError ? `${id}-dial-error` : undefined}
              />
              {dialError ? (
                <p id={`${id}-dial-error`} className="field__error">
                  {dialError}
                </p>
              ) : null}
            </div>
            <TextField
              ref={form.fieldRef('mobileNo')}
              label={t('sendCode.mobile')}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={PHONE_INPUT_MAX}
              value={form.values.mobileNo}
              onChange={(value) => form.setValue('mobileNo', value)}
              error={form.errors.mobileNo}
            />
          </div>
        )}
        <div role="status" className="password-form__status">
          {notice && sent ? (
            <p className="notice notice--success">{t('sendCode.sent', { to: sent.to })}</p>
          ) : null}
        </div>
        {waiting ? (
          <WaitPanel
            title={tv('codeEntry.busyTitle')}
            text={tv('codeEntry.busyText')}
            timer={(time) => tv('codeEntry.busyTimer', { time })}
            secondsLeft={busy.secondsLeft}
          />
        ) : (
          <FormError error={send.error} handled={['codeBusy']} />
        )}
        <div className="password-form__actions">
          <button
            type="submit"
            className="button button--primary"
            // aria-disabled rather than disabled, so focus stays on the button while it waits.
            aria-disabled={blocked || undefined}
          >
            {t('sendCode.send')}
          </button>
        </div>
      </form>
      {sent ? (
        <CodeEntryModal
          open={codeOpen}
          sendType={sendType}
          sentTo={sent.to}
          onSubmit={async (code) => {
            const result = await verify.mutateAsync({ ...sent.target, verifiCode: code });
            await navigate(paths.createPassword.getHref(result.sendType, result.uuid));
          }}
          onResend={async () => {
            const result = await resend.mutateAsync(sent.target);
            setSent({ target: sent.target, to: result.to });
          }}
          onClose={() => setCodeOpen(false)}
        />
      ) : null}
    </>
  );
}
