import { TOKEN_IDLE_SECONDS } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { clearLogin, isLoggedIn } from '@/shared/storage/login-state';
import { storage } from '@/shared/storage/storage';

const CHECK_EVERY_MS = 60_000;

/** Whether the token has gone unused for its idle lifetime (6 h); notes a start if none is known. */
function idleTooLong(): boolean {
  const last = storage.get('lastActivity');
  if (last === undefined) {
    storage.set('lastActivity', Date.now());
    return false;
  }
  const idleMs = (storage.get('tokenExpirySeconds') ?? TOKEN_IDLE_SECONDS) * 1000;
  return Date.now() - last >= idleMs;
}

/**
 * Auto logout after 6 hours unused (mounted while logged in) (spec section 9): every member call
 * the server answers counts as use, in any tab (the api client notes it, noteTokenUse); the check
 * runs each minute and when the tab comes back into view.
 */
export function useIdleLogout(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const check = () => {
      if (!isLoggedIn() || !idleTooLong()) return;
      clearLogin();
      queryClient.removeQueries();
      void navigate(paths.timeOut.getHref(), { replace: true });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') check();
    };
    check();
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [navigate, queryClient]);
}
