import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useSearchParams } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { LoadingIndicator } from './loading-indicator';
import { OfflineModal } from './offline-modal';
import { ServerErrorOverlay } from './server-error-overlay';
import { useFocusMainOnNavigate } from './use-focus-main-on-navigate';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

export const MAIN_ID = 'main-content';

/** The shell of every page: skip link, header, main, footer and the global overlays. */
export function RootLayout() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigate(mainRef);
  useUnauthorizedRedirect();

  // Pages opened inside a partner app (acceptLang) bring their own header; support mode hides navigation.
  const showHeader = !params.has('acceptLang');
  const showNavigation = !params.has('isGlobalSupport');

  return (
    <div className="app">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {t('skipLink')}
      </a>
      {showHeader ? <Header showNavigation={showNavigation} /> : null}
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="site-main">
        <LoadingIndicator />
        <Outlet />
      </main>
      <Footer showNavigation={showNavigation} />
      <ServerErrorOverlay />
      <OfflineModal />
      <ScrollRestoration />
    </div>
  );
}
