import { LOGIN_LOCK_SECONDS, changePasswordSchema } from '@portal/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-errors';
import { paths } from '../../../shared/config/paths';
import { useCountdown } from '../../../shared/lib/use-countdown';
import { PasswordField } from '../../../shared/password/password-field';
import { PasswordRulesMeter } from '../../../shared/password/password-rules-meter';
import { WaitPanel } from '../../../shared/verification/wait-panel';
import { useChangePwd } from '../api/change-pwd';
import { PASSWORD_NS } from '../i18n';
import { serverFieldErrors, validate } from '../lib/field-errors';
import { UPDATE_SUCCESS_PARAM } from '../lib/update-success-param';
import { useForm } from '../lib/use-form';
import { FormError } from './form-error';

type Field = 'oldPassword' | 'password' | 'confirmPassword';
const FIELDS: readonly Field[] = ['oldPassword', 'password', 'confirmPassword'];
const HANDLED = ['loginIncorrect', 'loginLocked', 'passwordSameAsOld'] as const;

/** Current, new and confirmed password; the new one shown against the rules. */
export function ChangePasswordForm() {
  const { t } = useTranslation(PASSWORD_NS);
  const navigate = useNavigate();
  const meterId = useId();
  const change = useChangePwd();
  const [lockedUntil, setLockedUntil] = useState<number | undefined>(undefined);
  const lockSecondsLeft = useCountdown(lockedUntil);
  const form = useForm(FIELDS, { oldPassword: '', password: '', confirmPassword: '' }, (values) =>
    validate(changePasswordSchema, values, FIELDS),
  );
  const locked = lockSecondsLeft > 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending || locked) return;
    const data = form.submit();
    if (!data) return;
    change.mutate(
      { currentPassword: data.oldPassword, newPassword: data.password },
      {
        onSuccess: () =>
          void navigate({
            pathname: paths.account.profile.getHref(),
            search: new URLSearchParams({ [UPDATE_SUCCESS_PARAM]: '1' }).toString(),
          }),
        onError: (error) => {
          if (isApiError(error, 'loginIncorrect')) {
            form.showServerErrors({ oldPassword: error.message });
          } else if (isApiError(error, 'passwordSameAsOld')) {
            form.showServerErrors({ password: error.message });
          } else if (isApiError(error, 'loginLocked')) {
            setLockedUntil(Date.now() + (error.time ?? LOGIN_LOCK_SECONDS) * 1000);
          } else if (isApiError(error, 'invalidRequest')) {
            form.showServerErrors(
              serverFieldErrors(error.fields, { currentPwd: 'oldPassword', newPwd: 'password' }),
            );
          }
        },
      },
    );
  };

  return (
    <form className="password-form" noValidate onSubmit={onSubmit}>
      <PasswordField
        ref={form.fieldRef('oldPassword')}
        label={t('fields.currentPassword')}
        autoComplete="current-password"
        value={form.values.oldPassword}
        onChange={(value) => form.setValue('oldPassword', value)}
        error={form.errors.oldPassword}
      />
      <div>
        <PasswordField
          ref={form.fieldRef('password')}
          label={t('fields.newPassword')}
          autoComplete="new-password"
          value={form.values.password}
          onChange={(value) => form.setValue('password', value)}
          error={form.errors.password}
          describedBy={meterId}
        />
        <PasswordRulesMeter id={meterId} password={form.values.password} />
      </div>
      <PasswordField
        ref={form.fieldRef('confirmPassword')}
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        value={form.values.confirmPassword}
        onChange={(value) => form.setValue('confirmPassword', value)}
        error={form.errors.confirmPassword}
      />
      {locked && isApiError(change.error, 'loginLocked') ? (
        <WaitPanel
          title={t('changePassword.lockedTitle')}
          text={change.error.message}
          timer={(time) => t('changePassword.lockedTimer', { time })}
          secondsLeft={lockSecondsLeft}
        />
      ) : null}
      <FormError error={change.error} handled={HANDLED} />
      <div className="password-form__actions">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={change.isPending || locked || undefined}
        >
          {t('changePassword.submit')}
        </button>
      </div>
    </form>
  );
}
