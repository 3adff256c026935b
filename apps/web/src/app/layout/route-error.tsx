import { Suspense } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isRouteErrorResponse, useRouteError } from '@/shared/router';
import { statusText } from '@/shared/api/http-status';
import { lazyNamed } from '@/shared/lib/lazy-named';

const ServerErrorDialog = lazyNamed(
  () => import('@/shared/ui/server-error-dialog'),
  'ServerErrorDialog',
);

/** A route that failed to load or render: the server-error dialog, Try again reloads the page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? t('serverError.status', { status: error.status, text: statusText(error.status) })
    : undefined;
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <h1 id="page-title">{t('serverError.title')}</h1>
      <p>{t('serverError.body')}</p>
      <Suspense fallback={null}>
        <ServerErrorDialog open detail={detail} onRetry={() => window.location.reload()} />
      </Suspense>
    </section>
  );
}
