import type { ResultOf, calls } from '@portal/contract';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from '@/shared/router';
import { brandForMember } from '@/shared/issuer/resolve-issuer';
import { saveLogin } from '@/shared/storage/login-state';
import { storage } from '@/shared/storage/storage';
import { safeRedirect } from '../lib/safe-redirect';

export type LoginResult = ResultOf<typeof calls.genToken>;

/** After any login: keep the session, then go back where the visitor came from (or home). */
export function useCompleteLogin(): (result: LoginResult) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return useCallback(
    (result: LoginResult) => {
      saveLogin(result);
      brandForMember(result.issuer);
      storage.remove('loginWithNum');
      void navigate(safeRedirect(redirect), { replace: true });
    },
    [navigate, redirect],
  );
}
