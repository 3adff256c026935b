import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../shared/config/paths';
import { lazyNamed } from '../../shared/lib/lazy-named';
import { storage } from '../../shared/storage/storage';
import { useStorageValue } from '../../shared/storage/use-storage-value';

const FirstLoginModal = lazyNamed(
  () => import('../../features/auth/components/first-login-modal'),
  'FirstLoginModal',
);

/** The add-a-card invitation after a member's first login, on the page the login led to. */
export function FirstLoginPrompt() {
  const firstLogin = useStorageValue('isFirstLogin');
  const { pathname } = useLocation();
  if (firstLogin !== true || pathname === paths.login.path) return null;
  return (
    <Suspense fallback={null}>
      <FirstLoginModal onClose={() => storage.remove('isFirstLogin')} />
    </Suspense>
  );
}
