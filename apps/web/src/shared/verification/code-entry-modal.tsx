import './verification.css';
import {
  CODE_LOCK_SECONDS,
  CODE_REQUEST_WAIT_SECONDS,
  VERIFICATION_CODE_LENGTH,
  keepDigits,
} from '@portal/contract';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type JSX } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { MESSAGES_NS } from '../i18n/messages';
import { isApiError } from '../api/api-errors';
import { Field } from '../forms/field';
import { Modal } from '../ui/modal';
import { CodeRequestsBusy } from './code-requests-busy';
import { VERIFICATION_NS } from './i18n';
import { useWaitUntil } from './use-wait-until';
import { WaitPanel } from './wait-panel';

export interface CodeEntryModalProps {
  open: boolean;
  sendType: 'sms' | 'email';
  /** Where the code went, as the send call answered it (masked). */
  sentTo: string;
  /** Checks the 6 digits; called by itself when the sixth digit is typed. Throw the ApiError to show it. */
  onSubmit: (code: string) => Promise<void>;
  /** Sends a new code the same way. Throw the ApiError (e.g. codeBusy) to show it. */
  onResend: () => Promise<void>;
  /** When given, offers "Send by email instead" / "Send by text message instead". */
  onSwitch?: (to: 'sms' | 'email') => Promise<void>;
  onClose: () => void;
}

type Pending = 'verify' | 'resend' | 'switch' | null;

/**
 * The one 6-digit code entry (DESIGN section 6): sign-up, login by code, forgotten password and
 * profile changes. Submits itself at the sixth digit; shows the lock and busy waits of spec
 * section 8 with a countdown that survives a reload (lockedAs, busyAs).
 */
export function CodeEntryModal(props: CodeEntryModalProps): JSX.Element | null {
  // Mounted only while open, so every opening starts with an empty code.
  return props.open ? <CodeEntryDialog {...props} /> : null;
}

function CodeEntryDialog({
  sendType,
  sentTo,
  onSubmit,
  onResend,
  onSwitch,
  onClose,
}: CodeEntryModalProps) {
  const { t } = useTranslation(VERIFICATION_NS);
  const { t: tm } = useTranslation(MESSAGES_NS);
  const inputRef = useRef<HTMLInputElement>(null);
  const lockRef = useRef<HTMLDivElement>(null);
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const lock = useWaitUntil('lockedAs', CODE_LOCK_SECONDS);
  const busy = useWaitUntil('busyAs', CODE_REQUEST_WAIT_SECONDS);
  const locked = lock.secondsLeft > 0;
  const requestsBusy = busy.secondsLeft > 0;

  // Entry is disabled while locked: keep focus on the lock panel, and back in the field after.
  const wasLocked = useRef(false);
  useEffect(() => {
    if (locked) lockRef.current?.focus();
    else if (wasLocked.current) inputRef.current?.focus();
    wasLocked.current = locked;
  }, [locked]);

  const messageOf = (caught: unknown) =>
    isApiError(caught) ? caught.message : tm('common-error-server');

  const verify = async (value: string) => {
    if (pending !== null || locked) return;
    if (value.length !== VERIFICATION_CODE_LENGTH) {
      setError(tm('code-error-length'));
      inputRef.current?.focus();
      return;
    }
    setPending('verify');
    setError(null);
    setResent(false);
    try {
      await onSubmit(value);
    } catch (caught) {
      setCode('');
      if (isApiError(caught, 'codeLocked')) lock.start(caught.time);
      else if (isApiError(caught, 'codeBusy')) busy.start(caught.time);
      else setError(messageOf(caught));
      inputRef.current?.focus();
    } finally {
      setPending(null);
    }
  };

  const request = async (kind: 'resend' | 'switch', send: () => Promise<void>) => {
    if (pending !== null || requestsBusy) return;
    setPending(kind);
    setError(null);
    setResent(false);
    try {
      await send();
      setCode('');
      setResent(true);
    } catch (caught) {
      if (isApiError(caught, 'codeBusy')) busy.start(caught.time);
      else setError(messageOf(caught));
    } finally {
      setPending(null);
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const value = keepDigits(event.target.value).slice(0, VERIFICATION_CODE_LENGTH);
    setCode(value);
    setError(null);
    if (value.length === VERIFICATION_CODE_LENGTH && value !== code) void verify(value);
  };

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verify(code);
  };

  const otherType = sendType === 'sms' ? 'email' : 'sms';
  const status =
    pending === 'verify'
      ? t('codeEntry.checking')
      : pending !== null
        ? t('codeEntry.sending')
        : resent
          ? t(sendType === 'sms' ? 'codeEntry.resentBySms' : 'codeEntry.resentByEmail', {
              to: sentTo,
            })
          : '';

  return (
    <Modal
      open
      title={t('codeEntry.title')}
      description={t(sendType === 'sms' ? 'codeEntry.sentBySms' : 'codeEntry.sentByEmail', {
        to: sentTo,
      })}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <form className="code-entry" noValidate onSubmit={onFormSubmit} aria-busy={pending !== null}>
        {locked ? (
          <WaitPanel
            ref={lockRef}
            title={t('codeEntry.lockedTitle')}
            text={t('codeEntry.lockedText')}
            timer={(time) => t('codeEntry.lockedTimer', { time })}
            secondsLeft={lock.secondsLeft}
          />
        ) : null}
        <Field
          className="code-entry__field"
          label={t('codeEntry.label')}
          hint={t('codeEntry.hint')}
          error={error ?? undefined}
          errorIsAlert
        >
          {(control) => (
            <input
              {...control}
              ref={inputRef}
              className="field__input code-entry__input"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              spellCheck={false}
              value={code}
              onChange={onChange}
              disabled={locked}
              readOnly={pending === 'verify'}
            />
          )}
        </Field>
        <p role="status" className="code-entry__status">
          {status}
        </p>
        {requestsBusy ? <CodeRequestsBusy secondsLeft={busy.secondsLeft} /> : null}
        <div className="modal__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={locked}
            aria-disabled={pending !== null || undefined}
          >
            {t('codeEntry.verify')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            // aria-disabled rather than disabled, so focus stays on the button while it waits.
            aria-disabled={requestsBusy || pending !== null || undefined}
            onClick={() => void request('resend', onResend)}
          >
            {t('codeEntry.resend')}
          </button>
          {onSwitch ? (
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={requestsBusy || pending !== null || undefined}
              onClick={() => void request('switch', () => onSwitch(otherType))}
            >
              {t(otherType === 'email' ? 'codeEntry.switchToEmail' : 'codeEntry.switchToSms')}
            </button>
          ) : null}
          <button type="button" className="button-link code-entry__cancel" onClick={onClose}>
            {t('codeEntry.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
