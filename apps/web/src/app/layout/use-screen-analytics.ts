import { useEffect } from 'react';
import { useLocation, useMatches } from '@/shared/router';
import { logScreen, screenName } from '@/shared/analytics/analytics';

/** Logs each screen the user moves to (by name, ids left out), when analytics is allowed. */
export function useScreenAnalytics(): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const params = matches[matches.length - 1]?.params ?? {};
  const name = screenName(pathname, params);
  useEffect(() => {
    logScreen(name);
  }, [name]);
}
