import { Suspense, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Outlet, ScrollRestoration, useLocation, useSearchParams } from '@/shared/router';
import { CookieBanner } from '@/features/cookies/components/cookie-banner';
import { MaintenanceRibbon } from '@/features/notices/components/maintenance-ribbon';
import { lazyNamed } from '@/shared/lib/lazy-named';
import { useAuth } from '@/shared/storage/use-auth';
import { useShellNotices } from './first-visit';
import { Footer } from './footer';
import { Header } from './header';
import { LoadingIndicator } from './loading-indicator';
import { OfflineModal } from './offline-modal';
import { SCROLL_STORAGE_KEY, scrollKey } from './scroll-positions';
import { ServerErrorOverlay } from './server-error-overlay';
import { useFocusPageOnNavigate } from './use-focus-page-on-navigate';
import { useScreenAnalytics } from './use-screen-analytics';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

export const MAIN_ID = 'main-content';

// The closed channels' notice (vm): only their visitors load it.
const CustomerNotice = lazyNamed(
  () => import('@/features/notices/components/customer-notice'),
  'CustomerNotice',
);

// Idle logout and the first-login invitation: members only, so visitors never load them.
const MemberSession = lazyNamed(() => import('./member-session'), 'MemberSession');

/** The shell of every page: skip link, header, main, footer and the global overlays. */
export function RootLayout() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const { isLogin } = useAuth();
  const mainRef = useRef<HTMLElement>(null);
  useFocusPageOnNavigate(mainRef);
  useUnauthorizedRedirect();
  useScreenAnalytics();

  const { closedChannel, noticeOnly, noticeFirst } = useShellNotices();
  // Pages opened inside a partner app (acceptLang) bring their own header; support mode hides navigation.
  const showHeader = !params.has('acceptLang');
  const showNavigation = !params.has('isGlobalSupport') && !closedChannel;

  return (
    <div className="app">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {t('skipLink')}
      </a>
      <CookieBanner waiting={noticeFirst} />
      <MaintenanceRibbon />
      {showHeader ? <Header showNavigation={showNavigation} /> : null}
      {/* data-location: the address the page shown is for. A navigation keeps the page before
          on screen until the next one's code and data are in; the e2e checks wait for this to
          be the browser's address before they read the page. */}
      <main
        id={MAIN_ID}
        ref={mainRef}
        tabIndex={-1}
        className="site-main"
        data-location={`${pathname}${search}`}
      >
        <LoadingIndicator />
        {noticeOnly ? (
          <Suspense fallback={null}>
            <CustomerNotice />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </main>
      <Footer showNavigation={showNavigation} />
      <ServerErrorOverlay />
      <OfflineModal />
      {isLogin ? (
        <Suspense fallback={null}>
          <MemberSession />
        </Suspense>
      ) : null}
      <ScrollRestoration getKey={scrollKey} storageKey={SCROLL_STORAGE_KEY} />
    </div>
  );
}
