import type { CardAddOutcome, CardSource } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callDescriptors } from 'virtual:call-descriptors/payment';
import { callApi } from '@/shared/api/api-client';
import { encryptCard, type CardDetails } from '../lib/encrypt-card';

export interface AddCardInput {
  card: CardDetails;
  source: CardSource;
}

/**
 * The card add flow (spec section 4): a provider session, the card type check and encryption
 * in the browser (lib/encrypt-card.ts), then /payment/add-card with only the encrypted card
 * and the name on it.
 */
export async function addCard({ card, source }: AddCardInput): Promise<CardAddOutcome> {
  const session = await callApi(callDescriptors.createCardSession, {});
  const encrypted = await encryptCard(session, card);
  return callApi(callDescriptors.addCard, {
    ...encrypted,
    cardHolder: card.nameOnCard.trim().normalize('NFC'),
    source,
  });
}

export const useAddCard = () =>
  useMutation({
    mutationKey: [callDescriptors.addCard.path],
    mutationFn: addCard,
    meta: { serverErrorOverlay: false },
  });

/** After 3-D Secure: is the card saved yet (POST /payment/add-card/check-status). */
export const checkCardStatus = (cardId: string, signal?: AbortSignal) =>
  callApi(callDescriptors.addCardStatus, { cardId }, { signal });
