import { Suspense, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Outlet, ScrollRestoration, useLocation, useSearchParams } from '@/shared/router';
import { CookieBanner } from '@/features/cookies/components/cookie-banner';
import { MaintenanceRibbon } from '@/features/notices/components/maintenance-ribbon';
import { useClosedChannel } from '@/shared/agent-config/closed-channel';
import { useUnseenNotice } from '@/shared/agent-config/unseen-notice';
import { paths } from '@/shared/config/paths';
import { lazyNamed } from '@/shared/lib/lazy-named';
import { useAuth } from '@/shared/storage/use-auth';
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
  const { pathname } = useLocation();
  const { isLogin } = useAuth();
  const mainRef = useRef<HTMLElement>(null);
  useFocusPageOnNavigate(mainRef);
  useUnauthorizedRedirect();
  useScreenAnalytics();

  // A closed channel (vm) shows only its customer notice; Contact Us stays reachable.
  const closedChannel = useClosedChannel().closed;
  const noticeOnly = closedChannel && pathname !== paths.contactUs.path;
  // A first visit to home shows its one-time notice first, then the cookie banner: one
  // interruption at a time (issue 21).
  const unseenNotice = useUnseenNotice();
  const noticeFirst = !noticeOnly && pathname === paths.home.path && unseenNotice !== null;
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
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="site-main">
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
