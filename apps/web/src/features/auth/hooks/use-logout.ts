import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useNavigate } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { clearLogin } from '@/shared/storage/login-state';
import { logoutByToken } from '../api/logout-by-token';

/**
 * Logout (spec section 4): revoke the token on the server (best effort), clear login state,
 * bank lists and drafts, forget cached member data, go home.
 */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const running = useRef(false);
  return useCallback(() => {
    if (running.current) return;
    running.current = true;
    void logoutByToken().then(() => {
      clearLogin();
      queryClient.removeQueries();
      running.current = false;
      return navigate(paths.home.getHref());
    });
  }, [navigate, queryClient]);
}
