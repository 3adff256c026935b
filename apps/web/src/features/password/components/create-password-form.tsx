import { confirmPasswordSchema } from '@portal/contract';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-errors';
import { paths } from '../../../shared/config/paths';
import { PasswordField } from '../../../shared/password/password-field';
import { PasswordRulesMeter } from '../../../shared/password/password-rules-meter';
import { useResetPwd } from '../api/reset-pwd';
import { PASSWORD_NS } from '../i18n';
import { serverFieldErrors, validate } from '../lib/field-errors';
import { useForm } from '../lib/use-form';
import { FormError } from './form-error';

type Field = 'password' | 'confirmPassword';
const FIELDS: readonly Field[] = ['password', 'confirmPassword'];
const HANDLED = ['linkExpired', 'notFound', 'passwordSameAsOld'] as const;

/** The new password and its confirmation, with the rules meter; saved with the reset token. */
export function CreatePasswordForm({ uuid, onExpired }: { uuid: string; onExpired: () => void }) {
  const { t } = useTranslation(PASSWORD_NS);
  const navigate = useNavigate();
  const meterId = useId();
  const reset = useResetPwd();
  const form = useForm(FIELDS, { password: '', confirmPassword: '' }, (values) =>
    validate(confirmPasswordSchema, values, FIELDS),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const data = form.submit();
    if (!data) return;
    reset.mutate(
      { uuid, password: data.password },
      {
        onSuccess: () => void navigate(paths.updatePasswordSuccess.getHref(), { replace: true }),
        onError: (error) => {
          if (isApiError(error, 'linkExpired', 'notFound')) onExpired();
          else if (isApiError(error, 'passwordSameAsOld')) {
            form.showServerErrors({ password: error.message });
          } else if (isApiError(error, 'invalidRequest')) {
            form.showServerErrors(serverFieldErrors(error.fields, { password: 'password' }));
          }
        },
      },
    );
  };

  return (
    <form className="password-form" noValidate onSubmit={onSubmit}>
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
      <FormError error={reset.error} handled={HANDLED} />
      <div className="password-form__actions">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={reset.isPending || undefined}
        >
          {t('createPassword.save')}
        </button>
      </div>
    </form>
  );
}
