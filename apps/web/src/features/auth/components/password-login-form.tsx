import {
  LOGIN_LOCK_SECONDS,
  formatMembershipNumber,
  isValidMembershipNumber,
  membershipNumberDigits,
} from '@portal/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isApiError } from '@/shared/api/api-errors';
import { EmailField } from '@/shared/forms/email-field';
import { checkRules } from '@/shared/forms/field-errors';
import { Form, FormStatus, SubmitButton } from '@/shared/forms/form';
import { MembershipNumberField } from '@/shared/forms/membership-number-field';
import { useForm } from '@/shared/forms/use-form';
import { useWait } from '@/shared/lib/use-countdown';
import { PasswordField } from '@/shared/password/password-field';
import { storage } from '@/shared/storage/storage';
import { useGenToken } from '../api/gen-token';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { AUTH_NS } from '../i18n';
import { emailError, membershipNumberError, requiredError } from '@/shared/forms/field-rules';
import { LoginAlert } from './login-alert';

const FIELDS = ['email', 'password', 'dpid'] as const;

/** The membership number sign-up left for this login (loginWithNum), when it is one. */
function storedMembershipNumber(): string {
  const stored = storage.get('loginWithNum') ?? '';
  return isValidMembershipNumber(stored) ? formatMembershipNumber(stored) : '';
}

/** Email and password, and the membership number when asked for (spec sections 5 and 8). */
export function PasswordLoginForm({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const { t } = useTranslation(AUTH_NS);
  const login = useGenToken();
  const completeLogin = useCompleteLogin();
  const [askNumber, setAskNumber] = useState(() => storage.get('loginWithNum') !== undefined);
  const lock = useWait(LOGIN_LOCK_SECONDS);
  const locked = lock.secondsLeft > 0;
  const form = useForm(
    FIELDS,
    () => ({ email: '', password: '', dpid: storedMembershipNumber() }),
    (values) =>
      checkRules(values, {
        email: emailError,
        password: requiredError,
        dpid: askNumber ? membershipNumberError : undefined,
      }),
  );
  const { focus } = form;

  useEffect(() => {
    if (focusOnMount) focus('email');
  }, [focusOnMount, focus]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked || login.isPending) return;
    const data = form.submit();
    if (!data) return;
    login.mutate(
      {
        email: data.email,
        password: data.password,
        dpid: askNumber ? membershipNumberDigits(data.dpid) : undefined,
      },
      {
        onSuccess: completeLogin,
        onError: (error) => {
          if (isApiError(error, 'loginLocked')) lock.start(error.time);
          if (isApiError(error, 'loginNumberMismatch')) setAskNumber(true);
          if (isApiError(error, 'invalidRequest')) form.showFieldErrors(error.fields);
        },
      },
    );
  };

  return (
    <Form onSubmit={onSubmit} busy={login.isPending}>
      <LoginAlert error={login.error} lockSecondsLeft={lock.secondsLeft} />
      <EmailField {...form.field('email')} label={t('login.email')} autoComplete="username" />
      <PasswordField
        {...form.field('password')}
        label={t('login.password')}
        name="password"
        autoComplete="current-password"
      />
      {askNumber ? (
        <MembershipNumberField
          {...form.field('dpid')}
          label={t('login.membershipNumber')}
          hint={t('login.membershipNumberHint')}
        />
      ) : null}
      <SubmitButton large busy={locked || login.isPending}>
        {t('login.submit')}
      </SubmitButton>
      <FormStatus>{login.isPending ? t('login.submitting') : null}</FormStatus>
    </Form>
  );
}
