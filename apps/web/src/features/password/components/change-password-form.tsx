import { LOGIN_LOCK_SECONDS, changePasswordSchema } from '@portal/contract';
import type { FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useNavigate } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { paths } from '@/shared/config/paths';
import { validate } from '@/shared/forms/field-errors';
import { Form, SubmitButton } from '@/shared/forms/form';
import { FormError } from '@/shared/forms/form-error';
import { useForm } from '@/shared/forms/use-form';
import { useWait } from '@/shared/lib/use-countdown';
import { NewPasswordFields } from '@/shared/password/new-password-fields';
import { PasswordField } from '@/shared/password/password-field';
import { WaitPanel } from '@/shared/verification/wait-panel';
import { useChangePwd } from '../api/change-pwd';
import { PASSWORD_NS } from '../i18n';
import { UPDATE_SUCCESS_PARAM } from '../lib/update-success-param';

const FIELDS = ['oldPassword', 'password', 'confirmPassword'] as const;
const HANDLED = ['loginIncorrect', 'loginLocked', 'passwordSameAsOld'] as const;

/** Current, new and confirmed password; the new one shown against the rules. */
export function ChangePasswordForm() {
  const { t } = useTranslation(PASSWORD_NS);
  const navigate = useNavigate();
  const change = useChangePwd();
  const lock = useWait(LOGIN_LOCK_SECONDS);
  const form = useForm(FIELDS, { oldPassword: '', password: '', confirmPassword: '' }, (values) =>
    validate(changePasswordSchema, values, FIELDS),
  );
  const locked = lock.secondsLeft > 0;

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
            lock.start(error.time);
          } else if (isApiError(error, 'invalidRequest')) {
            form.showFieldErrors(error.fields, { currentPwd: 'oldPassword', newPwd: 'password' });
          }
        },
      },
    );
  };

  return (
    <Form onSubmit={onSubmit}>
      <PasswordField
        {...form.field('oldPassword')}
        label={t('fields.currentPassword')}
        autoComplete="current-password"
      />
      <NewPasswordFields
        password={form.field('password')}
        confirm={form.field('confirmPassword')}
        passwordLabel={t('fields.newPassword')}
        confirmLabel={t('fields.confirmPassword')}
      />
      {locked && isApiError(change.error, 'loginLocked') ? (
        <WaitPanel
          title={t('changePassword.lockedTitle')}
          text={change.error.message}
          timer={(time) => t('changePassword.lockedTimer', { time })}
          secondsLeft={lock.secondsLeft}
        />
      ) : null}
      <FormError error={change.error} handled={HANDLED} />
      <SubmitButton busy={change.isPending || locked}>{t('changePassword.submit')}</SubmitButton>
    </Form>
  );
}
