import {
  LOGIN_LOCK_SECONDS,
  MEMBERSHIP_NUMBER_INPUT_MAX,
  formatMembershipNumber,
  isValidMembershipNumber,
  membershipNumberDigits,
} from '@portal/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-errors';
import { useCountdown } from '../../../shared/lib/use-countdown';
import { storage } from '../../../shared/storage/storage';
import { useGenToken } from '../api/gen-token';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { AUTH_NS } from '../i18n';
import {
  emailError,
  firstInvalid,
  membershipNumberError,
  requiredError,
  type FieldErrors,
} from '../lib/login-validation';
import { FormField } from './form-field';
import { LoginAlert } from './login-alert';
import { PasswordInput } from './password-input';

type Field = 'email' | 'password' | 'dpid';
const FIELD_ORDER: readonly Field[] = ['email', 'password', 'dpid'];

/** The membership number sign-up left for this login (loginWithNum), when it is one. */
function storedMembershipNumber(): string {
  const stored = storage.get('loginWithNum') ?? '';
  return isValidMembershipNumber(stored) ? formatMembershipNumber(stored) : '';
}

/** Email and password, and the membership number when asked for (spec sections 5 and 8). */
export function PasswordLoginForm({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const { t } = useTranslation(AUTH_NS);
  const { t: tm } = useTranslation('messages');
  const login = useGenToken();
  const completeLogin = useCompleteLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [dpid, setDpid] = useState(storedMembershipNumber);
  const [askNumber, setAskNumber] = useState(() => storage.get('loginWithNum') !== undefined);
  const [checked, setChecked] = useState(false);
  const [lockedUntil, setLockedUntil] = useState<number>();
  const lockSecondsLeft = useCountdown(lockedUntil);
  const locked = lockSecondsLeft > 0;
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const dpidRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusOnMount) emailRef.current?.focus();
  }, [focusOnMount]);

  const validate = (): FieldErrors<Field> => ({
    email: emailError(email),
    password: requiredError(password),
    dpid: askNumber ? membershipNumberError(dpid) : undefined,
  });
  // Messages appear once the form is first sent, then follow what is typed.
  const errors = checked ? validate() : {};
  const message = (field: Field) => {
    const key = errors[field];
    return key ? tm(key) : undefined;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked || login.isPending) return;
    setChecked(true);
    const invalid = firstInvalid(FIELD_ORDER, validate());
    if (invalid) {
      ({ email: emailRef, password: passwordRef, dpid: dpidRef })[invalid].current?.focus();
      return;
    }
    login.mutate(
      { email, password, dpid: askNumber ? membershipNumberDigits(dpid) : undefined },
      {
        onSuccess: completeLogin,
        onError: (error) => {
          if (isApiError(error, 'loginLocked')) {
            setLockedUntil(Date.now() + (error.time ?? LOGIN_LOCK_SECONDS) * 1000);
          }
          if (isApiError(error, 'loginNumberMismatch')) setAskNumber(true);
        },
      },
    );
  };

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={login.isPending}>
      <LoginAlert error={login.error} lockSecondsLeft={lockSecondsLeft} />
      <FormField label={t('login.email')} error={message('email')}>
        {(control) => (
          <input
            {...control}
            ref={emailRef}
            className="auth-input"
            type="email"
            name="email"
            autoComplete="username"
            spellCheck={false}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </FormField>
      <FormField label={t('login.password')} error={message('password')}>
        {(control) => (
          <PasswordInput
            {...control}
            ref={passwordRef}
            className="auth-input"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      {askNumber ? (
        <FormField
          label={t('login.membershipNumber')}
          hint={t('login.membershipNumberHint')}
          error={message('dpid')}
        >
          {(control) => (
            <input
              {...control}
              ref={dpidRef}
              className="auth-input"
              type="text"
              name="dpid"
              inputMode="numeric"
              autoComplete="off"
              maxLength={MEMBERSHIP_NUMBER_INPUT_MAX}
              value={dpid}
              onChange={(event) => setDpid(formatMembershipNumber(event.target.value))}
            />
          )}
        </FormField>
      ) : null}
      <div className="auth-form__actions">
        <button
          type="submit"
          className="button button--primary button--large"
          // aria-disabled rather than disabled, so focus stays on the button while it waits.
          aria-disabled={locked || login.isPending || undefined}
        >
          {t('login.submit')}
        </button>
      </div>
      <p role="status" className="auth-form__status">
        {login.isPending ? t('login.submitting') : ''}
      </p>
    </form>
  );
}
