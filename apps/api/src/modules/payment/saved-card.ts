import type { Tx } from '../../db/client';
import { findOwnCard } from './card-query';
import { productName } from './card-products';
import { isCardExpired } from './card-view';

/** A saved card a purchase may be paid with: the provider's token, and how the member knows it. */
export interface PayingCard {
  cardId: string;
  token: string;
  /** E.g. "Visa ending 1111", for receipts. */
  label: string;
}

/**
 * One of the member's saved cards that can pay now (active, not expired); undefined for anyone
 * else's card, a card not saved, or an expired one.
 */
export async function payingCard(
  tx: Tx,
  userId: string,
  cardId: string,
  now: Date,
): Promise<PayingCard | undefined> {
  const card = await findOwnCard(tx, userId, cardId);
  if (card?.status !== 'active' || isCardExpired(card, now)) return undefined;
  return {
    cardId: card.id,
    token: card.providerToken,
    label: `${productName(card.productId, card.brand)} ending ${card.last4}`,
  };
}
