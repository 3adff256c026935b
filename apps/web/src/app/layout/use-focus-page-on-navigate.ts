import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from '@/shared/router';
import { focusPageTitle } from '@/shared/lib/focus-page-title';

/** How long a new page's heading is awaited (its code and data may still be loading). */
const HEADING_WAIT_MS = 10_000;

/**
 * When the user moves to another page, move focus as a page load would, and on to the page's
 * heading so a screen reader announces where it is (issue 21). Focus goes to main at once; the
 * heading often comes a moment later with the page's lazily loaded code, so it is awaited for as
 * long as focus is still on main (a page that focuses a field itself, or a user who has moved
 * on, is left alone). Scrolling is the router's ScrollRestoration's, never the focus's.
 */
export function useFocusPageOnNavigate(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    const main = mainRef.current;
    if (shown.current === pathname || !main) return;
    shown.current = pathname;
    main.focus({ preventScroll: true });
    if (focusPageTitle(main)) return;
    const observer = new MutationObserver(() => {
      if (document.activeElement !== main || focusPageTitle(main)) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, mainRef]);
}
