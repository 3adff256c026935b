import '../account.css';
import { useTranslation } from '@/shared/i18n/use-translation';
import { PageTitle } from '@/shared/ui/page-title';
import { ACCOUNT_NS } from '../i18n';
import { DeleteAccountForm } from './delete-account-form';

/** /account/delete-account: what deleting means, then the password and a confirmation. */
export function DeleteAccountPage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: tp } = useTranslation('pages');
  const title = tp('account.deleteAccount');
  return (
    <section className="account-page" aria-labelledby="page-title">
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      <p className="page__lead">{t('deleteAccount.lead')}</p>
      <section
        className="notice notice--error account-warning"
        aria-labelledby="delete-warning-title"
      >
        <h2 id="delete-warning-title">{t('deleteAccount.warningTitle')}</h2>
        <ul>
          <li>{t('deleteAccount.removed')}</li>
          <li>{t('deleteAccount.upcomingCancelled')}</li>
          <li>{t('deleteAccount.bookingsKept')}</li>
          <li>{t('deleteAccount.numbersFreed')}</li>
          <li>
            <strong>{t('deleteAccount.cannotUndo')}</strong>
          </li>
        </ul>
      </section>
      <DeleteAccountForm />
    </section>
  );
}
