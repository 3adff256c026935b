import { Suspense } from 'react';
import { useLocation } from '@/shared/router';
import { endFirstLogin } from '@/shared/account/first-login';
import { paths } from '@/shared/config/paths';
import { lazyNamed } from '@/shared/lib/lazy-named';
import { useStorageValue } from '@/shared/storage/use-storage-value';
import { useShellNotices } from './first-visit';

const FirstLoginModal = lazyNamed(
  () => import('@/features/auth/components/first-login-modal'),
  'FirstLoginModal',
);

/**
 * The add-a-card invitation after a member's first login, on the page the login led to. A new
 * member's sign-up finish screen makes the same offer inline, so there it waits for the next
 * page (issue 21: new members never saw it), unless they take the offer up there. Home's
 * one-time notice comes first: the invitation waits until it is closed, as the cookie banner
 * does (one dialog at a time, issue 60).
 */
export function FirstLoginPrompt() {
  const firstLogin = useStorageValue('isFirstLogin');
  const { pathname } = useLocation();
  const { noticeFirst } = useShellNotices();
  if (
    firstLogin !== true ||
    noticeFirst ||
    pathname === paths.login.path ||
    pathname === paths.signUp.path
  )
    return null;
  return (
    <Suspense fallback={null}>
      <FirstLoginModal onClose={endFirstLogin} />
    </Suspense>
  );
}
