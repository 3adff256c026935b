import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCountdown, useCountdown } from '@/shared/lib/use-countdown';
import { PREBOOKING_NS } from '../i18n';
import type { BookingFlow } from '../lib/flows';

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
