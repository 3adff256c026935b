import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** When the user moves to another page, move focus to the main content as a page load would. */
export function useFocusMainOnNavigate(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}
