import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useNavigate } from '@/shared/router';
import { callApi } from '@/shared/api/api-client';
import { paths } from '@/shared/config/paths';
import { ConfirmingPayment as Confirming } from '@/shared/payment/confirming-payment';
import { membershipCalls, membershipsChanged, orderStateQueryOptions } from '../api/membership';
import { MEMBERSHIP_NS } from '../i18n';

/** Where a final order sends the member: Payment Complete or Purchase Unsuccessful. */
export const orderOutcomeHref = (orderId: string, fulfilled: boolean) =>
  `${(fulfilled ? paths.membership.success : paths.membership.error).getHref()}?${new URLSearchParams({ orderId })}`;

/**
 * Back from the bank's 3-D Secure page, or the provider has not answered yet: confirms the
 * purchase, then goes on to Payment Complete or Purchase Unsuccessful.
 */
export function ConfirmingPayment({ orderId }: { orderId: string }) {
  const { t } = useTranslation(MEMBERSHIP_NS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Confirming
      className="membership__confirming"
      stillPending={t('buy.stillPending')}
      check={(signal) => callApi(membershipCalls.checkMembershipPayment, { orderId }, { signal })}
      onFinal={(state) => {
        if (state) {
          queryClient.setQueryData(orderStateQueryOptions(orderId).queryKey, state);
          // Passes or a renewal changed the membership: its pages read it anew.
          membershipsChanged(queryClient);
        }
        void navigate(orderOutcomeHref(orderId, state?.outcome === 'fulfilled'), {
          replace: true,
        });
      }}
    />
  );
}
