import { confirmPasswordSchema } from '@portal/contract';
import type { FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useNavigate } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { paths } from '@/shared/config/paths';
import { validate } from '@/shared/forms/field-errors';
import { Form, SubmitButton } from '@/shared/forms/form';
import { FormError } from '@/shared/forms/form-error';
import { useForm } from '@/shared/forms/use-form';
import { NewPasswordFields } from '@/shared/password/new-password-fields';
import { useResetPwd } from '../api/reset-pwd';
import { PASSWORD_NS } from '../i18n';

const FIELDS = ['password', 'confirmPassword'] as const;
const HANDLED = ['linkExpired', 'notFound', 'passwordSameAsOld'] as const;

/** The new password and its confirmation, with the rules meter; saved with the reset token. */
export function CreatePasswordForm({ uuid, onExpired }: { uuid: string; onExpired: () => void }) {
  const { t } = useTranslation(PASSWORD_NS);
  const navigate = useNavigate();
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
            form.showFieldErrors(error.fields);
          }
        },
      },
    );
  };

  return (
    <Form onSubmit={onSubmit}>
      <NewPasswordFields
        password={form.field('password')}
        confirm={form.field('confirmPassword')}
        passwordLabel={t('fields.newPassword')}
        confirmLabel={t('fields.confirmPassword')}
      />
      <FormError error={reset.error} handled={HANDLED} />
      <SubmitButton busy={reset.isPending}>{t('createPassword.save')}</SubmitButton>
    </Form>
  );
}
