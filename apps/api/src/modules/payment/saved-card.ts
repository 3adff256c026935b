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
  return { cardId: card.id, token: card.providerToken, label: cardLabelOf(card) };
}

/** How the member knows a card, e.g. "Visa ending 1111". */
const cardLabelOf = (card: { productId: number; brand: string; last4: string }) =>
  `${productName(card.productId, card.brand)} ending ${card.last4}`;

/** The label of a card of the member's that paid, whatever it is now (receipts). */
export async function paidCardLabel(
  tx: Tx,
  userId: string,
  cardId: string | null,
): Promise<string | undefined> {
  const card = cardId ? await findOwnCard(tx, userId, cardId) : undefined;
  return card && cardLabelOf(card);
}
