import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '@/shared/api/api-client';
import { paths } from '@/shared/config/paths';
import { membershipCalls, membershipsChanged, orderStateQueryOptions } from '../api/membership';
import { MEMBERSHIP_NS } from '../i18n';
import { OrderStillPending, waitForOrder } from '../lib/wait-for-order';

/** Where a final order sends the member: Payment Complete or Purchase Unsuccessful. */
export const orderOutcomeHref = (orderId: string, fulfilled: boolean) =>
  `${(fulfilled ? paths.membership.success : paths.membership.error).getHref()}?${new URLSearchParams({ orderId })}`;

/**
 * The bank's 3-D Secure page sent the member back, or the provider has not answered yet: asks
 * where the order stands (quickly, then backing off) with a visible "confirming" state, then
 * goes on to the outcome page.
 */
export function ConfirmingPayment({ orderId }: { orderId: string }) {
  const { t } = useTranslation(MEMBERSHIP_NS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [stillPending, setStillPending] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    waitForOrder({
      signal: abort.signal,
      check: (signal) => callApi(membershipCalls.checkMembershipPayment, { orderId }, { signal }),
    })
      .then((state) => {
        queryClient.setQueryData(orderStateQueryOptions(orderId).queryKey, state);
        // Passes or a renewal changed the membership: its pages read it anew.
        membershipsChanged(queryClient);
        void navigate(orderOutcomeHref(orderId, state.outcome === 'fulfilled'), { replace: true });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof OrderStillPending) setStillPending(true);
        else void navigate(orderOutcomeHref(orderId, false), { replace: true });
      });
    return () => abort.abort();
  }, [orderId, navigate, queryClient]);

  return (
    <div className="membership__confirming" aria-busy={!stillPending}>
      <h2>{t('buy.confirming')}</h2>
      <p role="status">{stillPending ? t('buy.stillPending') : t('buy.confirmingText')}</p>
    </div>
  );
}
