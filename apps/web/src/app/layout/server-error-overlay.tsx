import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useLocation } from '@/shared/router';
import { HttpError, NetworkError, type ServerFault } from '@/shared/api/api-errors';
import { serverFaults } from '@/shared/api/api-events';
import { lazyNamed } from '@/shared/lib/lazy-named';
import { worksOffline } from '@/shared/lib/offline-pages';
import { useOnlineStatus } from '@/shared/lib/use-online-status';
import { whenIdle } from '@/shared/lib/when-idle';

const ServerErrorDialog = lazyNamed(
  () => import('@/shared/ui/server-error-dialog'),
  'ServerErrorDialog',
);

/** The global overlay for calls that failed for real (network, HTTP 5xx), with Try again. */
export function ServerErrorOverlay() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [fault, setFault] = useState<ServerFault | null>(null);
  const { pathname } = useLocation();
  const online = useOnlineStatus();

  useEffect(() => serverFaults.subscribe(setFault), []);
  // A failing network may not deliver the dialog's code later: fetch it while it can.
  useEffect(() => whenIdle(ServerErrorDialog.preload), []);

  // A call that failed for want of a connection is the No-internet dialog's to tell, and its Try
  // again asks again: not kept to show once the connection is back (one dialog at a time).
  if (!online && fault instanceof NetworkError) {
    setFault(null);
    return null;
  }
  // A page that works offline shows what it has; no network is not a fault there.
  if (!fault || (fault instanceof NetworkError && worksOffline(pathname))) return null;

  const detail =
    fault instanceof HttpError
      ? t('serverError.status', { status: fault.status, text: fault.statusText })
      : fault instanceof NetworkError
        ? t('serverError.network')
        : undefined;

  const retry = () => {
    setFault(null);
    void queryClient.refetchQueries({
      type: 'active',
      predicate: (q) => q.state.status === 'error',
    });
  };

  return (
    <Suspense fallback={null}>
      <ServerErrorDialog
        open
        detail={detail}
        onRetry={retry}
        onOpenChange={(open) => {
          if (!open) setFault(null);
        }}
      />
    </Suspense>
  );
}
