import { useTranslation } from '@/shared/i18n/use-translation';
import { LoadState } from '@/shared/ui/load-state';
import { PREBOOKING_NS } from '../i18n';

/** A booking step's data loading, or why it did not, with a way to ask again. */
export function PrebookingLoad({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation(PREBOOKING_NS);
  return (
    <LoadState
      failed={failed}
      onRetry={onRetry}
      loading={t('load.loading')}
      failedText={t('load.failed')}
      retry={t('load.retry')}
    />
  );
}
