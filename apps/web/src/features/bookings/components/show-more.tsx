import { useTranslation } from '@/shared/i18n/use-translation';
import { BOOKINGS_NS } from '../i18n';

interface ShowMoreProps {
  /** "Showing 10 of 24 bookings": announced as more arrive. */
  status: string;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  failedText: string;
  onMore: () => void;
}

/** The count shown so far and the button for the next page of a list. */
export function ShowMore({ status, hasMore, loading, failed, failedText, onMore }: ShowMoreProps) {
  const { t } = useTranslation(BOOKINGS_NS);
  return (
    <div className="show-more">
      <p className="show-more__status" role="status">
        {status}
      </p>
      {failed ? (
        <p className="field__error" role="alert">
          {failedText}
        </p>
      ) : null}
      {hasMore ? (
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={loading || undefined}
          aria-busy={loading || undefined}
          onClick={() => {
            if (!loading) onMore();
          }}
        >
          {t('more.button')}
        </button>
      ) : null}
    </div>
  );
}
