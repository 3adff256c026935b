import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useSearchParams } from 'react-router';
import { CookieBanner } from '@/features/cookies/components/cookie-banner';
import { CustomerNotice } from '@/features/notices/components/customer-notice';
import { MaintenanceRibbon } from '@/features/notices/components/maintenance-ribbon';
import { useAgentConfig } from '@/shared/agent-config/get-agent-config';
import { paths } from '@/shared/config/paths';
import { useIssuer } from '@/shared/issuer/use-issuer';
import { lazyNamed } from '@/shared/lib/lazy-named';
import { useAuth } from '@/shared/storage/use-auth';
import { Footer } from './footer';
import { Header } from './header';
import { LoadingIndicator } from './loading-indicator';
import { OfflineModal } from './offline-modal';
import { ServerErrorOverlay } from './server-error-overlay';
import { useFocusMainOnNavigate } from './use-focus-main-on-navigate';
import { useScreenAnalytics } from './use-screen-analytics';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

export const MAIN_ID = 'main-content';

// Idle logout and the first-login invitation: members only, so visitors never load them.
const MemberSession = lazyNamed(() => import('./member-session'), 'MemberSession');

/** The shell of every page: skip link, header, main, footer and the global overlays. */
export function RootLayout() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const issuer = useIssuer();
  const { isLogin } = useAuth();
  const customerNotice = useAgentConfig().data?.customerNotice;
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigate(mainRef);
  useUnauthorizedRedirect();
  useScreenAnalytics();

  // A closed channel (vm) shows only its customer notice; Contact Us stays reachable.
  const closedChannel = issuer === 'vm' || Boolean(customerNotice);
  const noticeOnly = closedChannel && pathname !== paths.contactUs.path;
  // Pages opened inside a partner app (acceptLang) bring their own header; support mode hides navigation.
  const showHeader = !params.has('acceptLang');
  const showNavigation = !params.has('isGlobalSupport') && !closedChannel;

  return (
    <div className="app">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {t('skipLink')}
      </a>
      <CookieBanner />
      <MaintenanceRibbon />
      {showHeader ? <Header showNavigation={showNavigation} /> : null}
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="site-main">
        <LoadingIndicator />
        {noticeOnly ? <CustomerNotice /> : <Outlet />}
      </main>
      <Footer showNavigation={showNavigation} />
      <ServerErrorOverlay />
      <OfflineModal />
      {isLogin ? (
        <Suspense fallback={null}>
          <MemberSession />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </div>
  );
}
