import type { Location } from '@/shared/router';

/** Where ScrollRestoration keeps the positions, for the tab (sessionStorage). */
export const SCROLL_STORAGE_KEY = 'scroll-positions';

/**
 * Where ScrollRestoration files a page's scroll position. The router names every entry opened
 * by a page load 'default', so one URL loaded after another (typed, bookmarked) was given the
 * position of the page before it (issue 21): such entries are filed by their URL.
 */
export const scrollKey = (location: Pick<Location, 'key' | 'pathname' | 'search'>): string =>
  location.key === 'default' ? `${location.pathname}${location.search}` : location.key;

/**
 * A URL opened afresh (typed, a bookmark, a link from elsewhere) starts at its top: only a reload
 * or back/forward returns to where the reader was. Run before the router starts.
 */
export function forgetFreshLoadScroll(
  location: Pick<Location, 'pathname' | 'search'> = window.location,
): void {
  const [entry] =
    typeof performance.getEntriesByType === 'function'
      ? (performance.getEntriesByType('navigation') as PerformanceNavigationTiming[])
      : [];
  if (entry?.type !== 'navigate') return;
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<
      string,
      number
    >;
    delete saved[scrollKey({ key: 'default', ...location })];
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage unavailable or unreadable: nothing was kept to restore.
  }
}
