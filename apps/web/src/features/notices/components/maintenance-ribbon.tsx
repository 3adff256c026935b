import { useTranslation } from '@/shared/i18n/use-translation';
import { useAgentConfig } from '@/shared/agent-config/get-agent-config';
import { storage } from '@/shared/storage/storage';
import { useStorageValue } from '@/shared/storage/use-storage-value';
import { isInsideWindow, windowKey } from '../lib/maintenance-window';

/** The maintenance ribbon: inside the configured window, until closed for the session. */
export function MaintenanceRibbon({ now = Date.now }: { now?: () => number }) {
  const { t } = useTranslation();
  const maintenance = useAgentConfig().data?.maintenance;
  const closed = useStorageValue('maintenanceClosed');
  if (!maintenance || !isInsideWindow(maintenance, now())) return null;
  const key = windowKey(maintenance);
  if (closed === key) return null;

  return (
    <section className="ribbon" aria-label={t('maintenance.label')}>
      <p className="ribbon__text">{maintenance.message}</p>
      <button
        type="button"
        className="ribbon__close"
        onClick={() => storage.set('maintenanceClosed', key)}
      >
        {t('maintenance.close')}
      </button>
    </section>
  );
}
