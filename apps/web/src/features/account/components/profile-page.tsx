import '../account.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { PageTitle } from '@/shared/ui/page-title';
import { useMyDetails } from '@/shared/account/get-my-details';
import { ACCOUNT_NS } from '../i18n';
import { ProfileForm } from './profile-form';
import { ProfileView } from './profile-view';

/** /account/profile: the member's details, and editing them (spec section 2, Account). */
export function ProfilePage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: tp } = useTranslation('pages');
  const details = useMyDetails();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const backToView = useRef(false);
  const title = tp('account.profile');

  // Leaving the form (saved or cancelled) puts focus back on Edit, where the member started.
  useEffect(() => {
    if (editing || !backToView.current) return;
    backToView.current = false;
    editRef.current?.focus();
  }, [editing]);

  const leaveForm = () => {
    backToView.current = true;
    setEditing(false);
  };

  return (
    <section className="account-page" aria-labelledby="page-title" aria-busy={details.isPending}>
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      <div role="status">
        {saved ? <p className="notice notice--success">{t('profile.saved')}</p> : null}
      </div>
      <section className="account-section" aria-labelledby="profile-details-title">
        <h2 id="profile-details-title">{t('profile.detailsTitle')}</h2>
        {details.data ? (
          editing ? (
            <ProfileForm
              details={details.data}
              onCancel={leaveForm}
              onSaved={() => {
                setSaved(true);
                leaveForm();
              }}
            />
          ) : (
            <ProfileView
              details={details.data}
              editRef={editRef}
              onEdit={() => {
                setSaved(false);
                setEditing(true);
              }}
            />
          )
        ) : details.isError ? (
          <div className="notice notice--error" role="alert">
            <p>{t('profile.loadFailed')}</p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void details.refetch()}
            >
              {t('profile.retry')}
            </button>
          </div>
        ) : (
          <p>{t('profile.loading')}</p>
        )}
      </section>
    </section>
  );
}
