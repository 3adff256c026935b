import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from '@/shared/router';
import { unauthorized } from '@/shared/api/api-events';
import { paths } from '@/shared/config/paths';

/** Authorization failure (20002): login is already cleared; forget member data, go to /time-out. */
export function useUnauthorizedRedirect(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      unauthorized.subscribe(() => {
        queryClient.removeQueries({ type: 'inactive' });
        void navigate(paths.timeOut.getHref(), { replace: true });
      }),
    [navigate, queryClient],
  );
}
