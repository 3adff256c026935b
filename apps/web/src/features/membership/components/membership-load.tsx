import { useTranslation } from '@/shared/i18n/use-translation';
import { LoadState } from '@/shared/ui/load-state';
import { MEMBERSHIP_NS } from '../i18n';

/** The membership while it loads, or a load that failed with a way to ask again. */
export function MembershipLoad({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation(MEMBERSHIP_NS);
  return (
    <LoadState
      failed={failed}
      onRetry={onRetry}
      loading={t('loading')}
      failedText={t('loadFailed')}
      retry={t('tryAgain')}
    />
  );
}
