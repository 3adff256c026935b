import type { ReviewBase } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Navigate, useNavigate } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { formatCountdown, useCountdown } from '@/shared/lib/use-countdown';
import { PREBOOKING_NS } from '../i18n';
import type { BookingFlow } from '../lib/flows';
import { PrebookingLoad } from './prebooking-load';

/** How long the places stay held, counting down (the page turns to Session expired at 0). */
export function HoldCountdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation(PREBOOKING_NS);
  return (
    <p className="prebooking__countdown">{t('countdown', { time: formatCountdown(seconds) })}</p>
  );
}

/** Seconds the hold of the draft has left (0 once it lapsed, or without one). */
export function useHoldSeconds(expiresAt: string | undefined): number {
  return useCountdown(expiresAt ? new Date(expiresAt).getTime() : undefined);
}

/**
 * The hold lapsed ('Session expired'): its places went back; nothing was paid and no pass was
 * used. Starting again keeps what the member chose, without the hold.
 */
export function SessionExpired({ flow }: { flow: BookingFlow }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const navigate = useNavigate();
  const again = () => {
    flow.draft.dropHold();
    void navigate(flow.paths.detail.getHref());
  };
  return (
    <div className="notice notice--error" role="alert">
      <h2>{t('expired.title')}</h2>
      <p>{t('expired.text')}</p>
      <button type="button" className="button button--primary" onClick={again}>
        {t('expired.again')}
      </button>
    </div>
  );
}

/**
 * A step that shows the places held (review, payment): Session expired once the hold lapsed
 * (or `expired`), step 1 again when there is no such hold, loading until its data is there;
 * then the countdown and the step.
 */
export function HeldStep<R>({
  flow,
  query,
  expiresAt,
  expired = false,
  children,
}: {
  flow: BookingFlow;
  query: UseQueryResult<R>;
  expiresAt: string | undefined;
  expired?: boolean;
  children: (data: R) => ReactNode;
}) {
  const seconds = useHoldSeconds(expiresAt);
  if (expired || seconds === 0 || isApiError(query.error, 'prebookSessionExpired')) {
    return <SessionExpired flow={flow} />;
  }
  if (isApiError(query.error, 'notFound')) {
    return <Navigate to={flow.paths.detail.getHref()} replace />;
  }
  if (!query.data) {
    return <PrebookingLoad failed={query.isError} onRetry={() => void query.refetch()} />;
  }
  return (
    <>
      <HoldCountdown seconds={seconds} />
      {children(query.data)}
    </>
  );
}

/** The refund rule of a booking, as the review shows it before paying. */
export function CancellationRule({ rule }: { rule: ReviewBase['cancellation'] }) {
  const { t } = useTranslation(PREBOOKING_NS);
  return (
    <p>
      {t('review.cancellationText', {
        hours: rule.noticeHours,
        days: rule.refundWorkingDays,
      })}
    </p>
  );
}
