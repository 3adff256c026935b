import { CookieBanner } from '@/features/cookies/components/cookie-banner';
import { useShellNotices } from './first-visit';
import { PageLoading } from './page-loading';

/**
 * The first load until its page's code is in (the root route's HydrateFallback): the cookie
 * banner where the shell shows it, then the loading bar. The shell itself (header, footer) still
 * appears with the first page, at its final address. For a visitor who has not answered the
 * banner, it is the first screen's largest paint: it no longer waits for the page's chunks (a
 * booking step's 30; issue 23). Replaced by the shell's own banner, at the same place.
 */
export function ShellLoading() {
  const { noticeFirst } = useShellNotices();
  return (
    <div className="app">
      <CookieBanner waiting={noticeFirst} firstLoad />
      <PageLoading />
    </div>
  );
}
