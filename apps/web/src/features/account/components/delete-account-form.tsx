import { LOGIN_LOCK_SECONDS } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useNavigate } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { paths } from '@/shared/config/paths';
import { CheckboxField, TICKED } from '@/shared/forms/checkbox-field';
import { checkRules, type Validation } from '@/shared/forms/field-errors';
import { requiredError } from '@/shared/forms/field-rules';
import { Form } from '@/shared/forms/form';
import { FormError } from '@/shared/forms/form-error';
import { useForm } from '@/shared/forms/use-form';
import { useWait } from '@/shared/lib/use-countdown';
import { PasswordField } from '@/shared/password/password-field';
import { clearLogin } from '@/shared/storage/login-state';
import { Modal } from '@/shared/ui/modal';
import { WaitPanel } from '@/shared/verification/wait-panel';
import { useDeleteAccount } from '../api/delete-account';
import { ACCOUNT_NS } from '../i18n';

const FIELDS = ['password', 'understood'] as const;
type DeleteField = (typeof FIELDS)[number];
const HANDLED = ['loginIncorrect', 'loginLocked'] as const;

/**
 * The password again and "I understand", then a last confirmation. Once deleted, the login is
 * cleared here as logout clears it, without logout-by-token: the server has revoked the token.
 */
export function DeleteAccountForm() {
  const { t } = useTranslation(ACCOUNT_NS);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const lock = useWait(LOGIN_LOCK_SECONDS);
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const form = useForm(
    FIELDS,
    { password: '', understood: '' },
    (values): Validation<Record<DeleteField, string>, DeleteField> => {
      const checked = checkRules(values, { password: requiredError });
      if (values.understood === TICKED) return checked;
      return {
        ok: false,
        errors: {
          ...(checked.ok ? {} : checked.errors),
          understood: t('deleteAccount.understandRequired'),
        },
      };
    },
  );
  const locked = lock.secondsLeft > 0;
  const busy = remove.isPending || locked;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (form.submit()) setConfirming(true);
  };

  const confirm = () => {
    if (remove.isPending) return;
    remove.mutate(form.values.password, {
      onSuccess: () => {
        setConfirming(false);
        clearLogin();
        setDeleted(true);
      },
      onError: (error) => {
        setConfirming(false);
        if (isApiError(error, 'loginIncorrect')) {
          // A wrong password is typed again from empty; its message stays on the field.
          form.setValue('password', '');
          form.showServerErrors({ password: error.message });
        } else if (isApiError(error, 'loginLocked')) lock.start(error.time);
      },
    });
  };

  const goHome = () => {
    // Nothing of the member stays cached for whoever uses the browser next.
    queryClient.removeQueries();
    void navigate(paths.home.getHref(), { replace: true });
  };

  return (
    <>
      <Form onSubmit={onSubmit} busy={remove.isPending}>
        <PasswordField
          {...form.field('password')}
          label={t('deleteAccount.password')}
          hint={t('deleteAccount.passwordHint')}
          autoComplete="current-password"
          name="password"
        />
        <CheckboxField {...form.field('understood')} label={t('deleteAccount.understand')} />
        {locked && isApiError(remove.error, 'loginLocked') ? (
          <WaitPanel
            title={t('deleteAccount.lockedTitle')}
            // The lock is the login's: say so, as logging in elsewhere now fails too.
            text={t('deleteAccount.lockedText', {
              count: Math.max(1, Math.ceil((remove.error.time ?? LOGIN_LOCK_SECONDS) / 60)),
            })}
            timer={(time) => t('deleteAccount.lockedTimer', { time })}
            secondsLeft={lock.secondsLeft}
          />
        ) : null}
        <FormError error={remove.error} handled={HANDLED} />
        <div className="form__actions">
          <button
            type="submit"
            className="button button--danger"
            // aria-disabled rather than disabled, so focus stays on the button while it waits.
            aria-disabled={busy || undefined}
          >
            {t('deleteAccount.submit')}
          </button>
        </div>
      </Form>
      <Modal
        open={confirming}
        role="alertdialog"
        title={t('deleteAccount.confirmTitle')}
        description={t('deleteAccount.confirmText')}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setConfirming(false);
        }}
      >
        <div className="modal__actions">
          {/* Cancel first: the safe choice is where focus lands. */}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              if (!remove.isPending) setConfirming(false);
            }}
          >
            {t('deleteAccount.cancel')}
          </button>
          <button
            type="button"
            className="button button--danger"
            aria-disabled={remove.isPending || undefined}
            onClick={confirm}
          >
            {remove.isPending ? t('deleteAccount.deleting') : t('deleteAccount.confirm')}
          </button>
        </div>
      </Modal>
      <Modal
        open={deleted}
        title={t('deleteAccount.deletedTitle')}
        description={t('deleteAccount.deleted')}
        onOpenChange={(open) => {
          if (!open) goHome();
        }}
      >
        <div className="modal__actions">
          <button type="button" className="button button--primary" onClick={goHome}>
            {t('deleteAccount.goHome')}
          </button>
        </div>
      </Modal>
    </>
  );
}
