import '../password.css';
import { useTranslation } from '@/shared/i18n/use-translation';
import { NarrowPage } from '@/shared/ui/narrow-page';
import { PASSWORD_NS } from '../i18n';
import { ChangePasswordForm } from './change-password-form';

/** /account/password: a member changes the password. */
export function ChangePasswordPage() {
  const { t } = useTranslation(PASSWORD_NS);
  const { t: tp } = useTranslation('pages');
  return (
    <NarrowPage
      className="password-page"
      title={tp('account.password')}
      lead={t('changePassword.lead')}
    >
      <ChangePasswordForm />
    </NarrowPage>
  );
}
