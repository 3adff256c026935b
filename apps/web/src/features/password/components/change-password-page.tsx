import '../password.css';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/ui/page-title';
import { PASSWORD_NS } from '../i18n';
import { ChangePasswordForm } from './change-password-form';

/** /account/password: a member changes the password. */
export function ChangePasswordPage() {
  const { t } = useTranslation(PASSWORD_NS);
  const { t: tp } = useTranslation('pages');
  const title = tp('account.password');
  return (
    <section className="page page--narrow password-page" aria-labelledby="page-title">
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      <p className="page__lead">{t('changePassword.lead')}</p>
      <ChangePasswordForm />
    </section>
  );
}
