import { useTranslation } from '@/shared/i18n/use-translation';
import { LoadState } from '@/shared/ui/load-state';
import { CARDS_NS } from '../i18n';

/** The saved cards while they load, or why they did not, with a way to ask again. */
export function CardsLoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation(CARDS_NS);
  return (
    <LoadState
      failed={failed}
      onRetry={onRetry}
      loading={t('list.loading')}
      failedText={t('list.loadFailed')}
      retry={t('list.retry')}
    />
  );
}
