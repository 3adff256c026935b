import { useTranslation } from 'react-i18next';
import { MEMBERSHIP_NS } from '../i18n';

/** Loading, or a load that failed with a way to ask again. */
export function MembershipLoad({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation(MEMBERSHIP_NS);
  if (!failed) {
    return (
      <p role="status" className="membership__loading">
        {t('loading')}
      </p>
    );
  }
  return (
    <div className="notice notice--error" role="alert">
      <p>{t('loadFailed')}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('tryAgain')}
      </button>
    </div>
  );
}
