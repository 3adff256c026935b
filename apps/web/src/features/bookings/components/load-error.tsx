import { useTranslation } from '@/shared/i18n/use-translation';
import { BOOKINGS_NS } from '../i18n';

interface LoadErrorProps {
  message: string;
  onRetry: () => void;
}

/** A list or a booking that could not be loaded, with a way to ask again. */
export function LoadError({ message, onRetry }: LoadErrorProps) {
  const { t } = useTranslation(BOOKINGS_NS);
  return (
    <div className="notice notice--error bookings-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('error.tryAgain')}
      </button>
    </div>
  );
}
