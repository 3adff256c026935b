import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { callDescriptors } from 'virtual:call-descriptors/account';
import { callApi } from '@/shared/api/api-client';
import { paths } from '@/shared/config/paths';
import { lazyNamed } from '@/shared/lib/lazy-named';
import { storage } from '@/shared/storage/storage';
import { useStorageValue } from '@/shared/storage/use-storage-value';

const FirstLoginModal = lazyNamed(
  () => import('@/features/auth/components/first-login-modal'),
  'FirstLoginModal',
);

/**
 * The prompt was seen: not on this tab again, nor (POST /account/clear/popup) at the next login.
 * Best effort and once: called directly, not through the query cache, so a failure shows nothing.
 */
function closeFirstLogin(): void {
  if (storage.get('isFirstLogin') !== true) return;
  storage.remove('isFirstLogin');
  callApi(callDescriptors.clearPopup).catch(() => undefined);
}

/** The add-a-card invitation after a member's first login, on the page the login led to. */
export function FirstLoginPrompt() {
  const firstLogin = useStorageValue('isFirstLogin');
  const { pathname } = useLocation();
  if (firstLogin !== true || pathname === paths.login.path) return null;
  return (
    <Suspense fallback={null}>
      <FirstLoginModal onClose={closeFirstLogin} />
    </Suspense>
  );
}
