import type { PaymentCard } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/payment';
import { callQueryOptions } from '@/shared/api/query-options';

/** The member's saved cards, the default first (POST /payment/payment-cards). */
export const paymentCardsQueryOptions = () =>
  queryOptions({
    ...callQueryOptions(callDescriptors.paymentCards),
    meta: { serverErrorOverlay: false },
  });

export const usePaymentCards = () => useQuery(paymentCardsQueryOptions());

/**
 * The card a payment starts with, before the member chooses: the default card, else the only
 * card there is; never an expired one.
 */
export function preselectedCard(
  cards: readonly PaymentCard[] | undefined,
): PaymentCard | undefined {
  const usable = (cards ?? []).filter((card) => !card.isExpired);
  return usable.find((card) => card.isDefault) ?? (usable.length === 1 ? usable[0] : undefined);
}
