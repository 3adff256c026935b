import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { PAYMENT_NS } from './i18n';
import { OrderStillPending, waitForOrder, type OrderOutcome } from './wait-for-order';

/**
 * The bank's 3-D Secure page sent the member back, or the provider has not answered yet: asks
 * where the order stands (quickly, then backing off) with a visible "confirming" state, and
 * hands the final state on (undefined when the status could not be read). Still not final
 * after two minutes: `stillPending` is shown.
 */
export function ConfirmingPayment<S extends OrderOutcome>({
  check,
  onFinal,
  stillPending,
  className,
}: {
  check: (signal: AbortSignal) => Promise<S>;
  onFinal: (state: S | undefined) => void;
  stillPending: string;
  className?: string;
}) {
  const { t } = useTranslation(PAYMENT_NS);
  const [pending, setPending] = useState(false);
  // The latest callbacks, without restarting the wait when the page re-renders.
  const checkNow = useEffectEvent((signal: AbortSignal) => check(signal));
  const settle = useEffectEvent((state: S | undefined) => onFinal(state));

  useEffect(() => {
    const abort = new AbortController();
    waitForOrder({ signal: abort.signal, check: (signal) => checkNow(signal) })
      .then((state) => settle(state))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof OrderStillPending) setPending(true);
        else settle(undefined);
      });
    return () => abort.abort();
  }, []);

  return (
    <div className={className} aria-busy={!pending}>
      <h2>{t('confirming')}</h2>
      <p role="status">{pending ? stillPending : t('confirmingText')}</p>
    </div>
  );
}
