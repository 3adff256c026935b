import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { clearLogin } from '../../../shared/storage/login-state';

/** Logout (spec section 4): clear login state, forget cached member data, go home. */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    clearLogin();
    queryClient.removeQueries();
    void navigate(paths.home.getHref());
  }, [navigate, queryClient]);
}
