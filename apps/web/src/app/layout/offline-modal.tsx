import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useLocation } from '@/shared/router';
import { worksOffline } from '@/shared/lib/offline-pages';
import { useOnlineStatus } from '@/shared/lib/use-online-status';
import { lazyNamed } from '@/shared/lib/lazy-named';
import { whenIdle } from '@/shared/lib/when-idle';

const Modal = lazyNamed(() => import('@/shared/ui/modal'), 'Modal');

/** "No internet connection" while the browser is offline; closes itself when the connection returns. */
export function OfflineModal() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState(false);
  const [wasOnline, setWasOnline] = useState(online);
  const { pathname } = useLocation();

  // Fetch the modal's code while there is still a connection to fetch it with.
  useEffect(() => whenIdle(Modal.preload), []);

  // Going offline again shows the modal again, even if the user closed it last time.
  if (wasOnline !== online) {
    setWasOnline(online);
    if (!online) setDismissed(false);
  }

  if (online || dismissed || worksOffline(pathname)) return null;

  const tryAgain = () => {
    if (!navigator.onLine) return;
    void queryClient.refetchQueries({
      type: 'active',
      predicate: (q) => q.state.status === 'error',
    });
  };

  return (
    <Suspense fallback={null}>
      <Modal
        open
        role="alertdialog"
        title={t('offline.title')}
        description={t('offline.body')}
        onOpenChange={(open) => setDismissed(!open)}
      >
        <div className="modal__actions">
          <button type="button" className="button button--primary" onClick={tryAgain}>
            {t('offline.tryAgain')}
          </button>
        </div>
      </Modal>
    </Suspense>
  );
}
