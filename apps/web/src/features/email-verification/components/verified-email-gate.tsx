import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { lazyNamed } from '@/shared/lib/lazy-named';
import { NarrowPage } from '@/shared/ui/narrow-page';
import { useEmailValidateStatus } from '../api/get-email-validate-status';
import { EMAIL_VERIFICATION_NS } from '../i18n';

const VerifyEmailModal = lazyNamed(() => import('./verify-email-modal'), 'VerifyEmailModal');

/**
 * Membership access (spec section 6): a member whose email is not verified is offered the
 * validation email instead of the pages; a verified one sees them. Should the check itself
 * fail, the pages open and their own calls decide.
 */
export function VerifiedEmailGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation(EMAIL_VERIFICATION_NS);
  const status = useEmailValidateStatus();
  const [asking, setAsking] = useState(true);
  // Offline the check waits for the network: the pages open (the digital card works offline).
  if (status.isPending && status.fetchStatus !== 'paused') {
    return (
      <p role="status" className="page">
        {t('gate.checking')}
      </p>
    );
  }
  if (status.data?.emailIsCheck !== false) return children;
  return (
    <NarrowPage title={t('gate.title')} lead={t('gate.text')}>
      <p>
        <button type="button" className="button button--primary" onClick={() => setAsking(true)}>
          {t('gate.open')}
        </button>
      </p>
      {asking ? (
        <Suspense fallback={null}>
          <VerifyEmailModal onClose={() => setAsking(false)} />
        </Suspense>
      ) : null}
    </NarrowPage>
  );
}
