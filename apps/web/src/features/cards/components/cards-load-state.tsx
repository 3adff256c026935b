import { useTranslation } from 'react-i18next';
import { CARDS_NS } from '../i18n';

/** The saved cards while they load, or why they did not, with a way to ask again. */
export function CardsLoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation(CARDS_NS);
  return failed ? (
    <div className="notice notice--error" role="alert">
      <p>{t('list.loadFailed')}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('list.retry')}
      </button>
    </div>
  ) : (
    <p role="status">{t('list.loading')}</p>
  );
}
