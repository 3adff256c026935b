import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type MouseEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useNavigate } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { paths } from '@/shared/config/paths';
import { lazyNamed } from '@/shared/lib/lazy-named';
import { useAuth } from '@/shared/storage/use-auth';
import { getEmailValidateStatusQueryOptions } from '../api/get-email-validate-status';

const VerifyEmailModal = lazyNamed(() => import('./verify-email-modal'), 'VerifyEmailModal');

/**
 * The footer's Membership link (spec section 2): visitors log in first; members with a verified
 * email go to their membership; others are offered a new verification email.
 */
export function MembershipLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { isLogin } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [askToVerify, setAskToVerify] = useState(false);
  const overview = paths.membership.overview.getHref();

  if (!isLogin) {
    return (
      <Link className={className} to={paths.login.getHref(overview)}>
        {t('footer.membership')}
      </Link>
    );
  }

  const open = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    VerifyEmailModal.preload();
    try {
      const status = await queryClient.fetchQuery(getEmailValidateStatusQueryOptions());
      if (status.emailIsCheck) void navigate(overview);
      else setAskToVerify(true);
    } catch (error) {
      // A business answer other than "not verified" leaves the decision to the membership page.
      if (isApiError(error)) void navigate(overview);
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <Link className={className} to={overview} onClick={open} aria-busy={checking || undefined}>
        {t('footer.membership')}
      </Link>
      {askToVerify ? (
        <Suspense fallback={null}>
          <VerifyEmailModal onClose={() => setAskToVerify(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
