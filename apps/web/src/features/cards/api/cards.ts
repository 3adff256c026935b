import type { PaymentCard } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/payment';
import { callMutationOptions } from '@/shared/api/query-options';
import { paymentCardsQueryOptions } from '@/shared/payment/payment-cards';

// The list is shared: every payment starts with the member's default card (shared/payment).
export { paymentCardsQueryOptions, usePaymentCards } from '@/shared/payment/payment-cards';

/** Set-default and delete (one shape: a cardId in, the cards out). */
type CardListCall = typeof callDescriptors.setDefaultCard;

/** Set-default and delete answer the cards as they now are: the list takes them as they come. */
function useCardListMutation(call: CardListCall) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callMutationOptions(call),
    meta: { serverErrorOverlay: false },
    onSuccess: (cards: PaymentCard[]) =>
      queryClient.setQueryData(paymentCardsQueryOptions().queryKey, cards),
    // A card gone meanwhile (another tab): show the list as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: paymentCardsQueryOptions().queryKey }),
  });
}

export const useSetDefaultCard = () => useCardListMutation(callDescriptors.setDefaultCard);
export const useDeleteCard = () => useCardListMutation(callDescriptors.deleteCard);

/** A card is saved (at once, or after 3-D Secure): the list shows it next time it is read. */
export function useCardSaved() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: paymentCardsQueryOptions().queryKey });
}
