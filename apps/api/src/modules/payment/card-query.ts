import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { paymentCards, users } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { ownRowReader } from '../../platform/own-row';
import { liveUser } from '../../members/member-row';
import type { CardRow } from './card-view';

/**
 * Serialises a member's card changes (first card default, one default, no twin cards): every
 * change locks the member's row first. A member deleted meanwhile answers authFailure.
 */
export async function lockMember(tx: Tx, userId: string): Promise<void> {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(liveUser(userId))
    .for('update');
  if (!user) throw new CallError('authFailure');
}

/**
 * One of the member's cards, whatever its status; undefined for anyone else's or no card (every
 * payment asks it).
 */
export const findOwnCard: (tx: Tx, userId: string, cardId: string) => Promise<CardRow | undefined> =
  ownRowReader('own_card_by_id', paymentCards, paymentCards.id, paymentCards.userId);

/** The member's saved (active) cards: the default first, then the newest. */
export function activeCards(tx: Tx, userId: string): Promise<CardRow[]> {
  return tx
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.status, 'active')))
    .orderBy(desc(paymentCards.isDefault), desc(paymentCards.createdAt), desc(paymentCards.id));
}

/** Whether the member already has this card (by the provider's fingerprint) saved. */
export async function hasActiveTwin(tx: Tx, userId: string, fingerprint: string): Promise<boolean> {
  const [twin] = await tx
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.userId, userId),
        eq(paymentCards.fingerprint, fingerprint),
        eq(paymentCards.status, 'active'),
      ),
    )
    .limit(1);
  return twin !== undefined;
}

async function hasDefault(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.isDefault, true)))
    .limit(1);
  return row !== undefined;
}

export type NewCard = Omit<typeof paymentCards.$inferInsert, 'status' | 'isDefault' | 'createdAt'>;

/**
 * Saves a card as active, the default if the member has none. In the caller's transaction,
 * with the member locked and no twin (see hasActiveTwin).
 */
export async function insertActiveCard(tx: Tx, card: NewCard): Promise<CardRow> {
  const isDefault = !(await hasDefault(tx, card.userId));
  const [row] = await tx
    .insert(paymentCards)
    .values({ ...card, status: 'active', isDefault })
    .returning();
  if (!row) throw new Error('the card was not inserted');
  return row;
}

/** A card waiting for 3-D Secure. */
export async function insertPendingCard(tx: Tx, card: NewCard): Promise<CardRow> {
  const [row] = await tx
    .insert(paymentCards)
    .values({ ...card, status: 'pending', isDefault: false })
    .returning();
  if (!row) throw new Error('the card was not inserted');
  return row;
}

/** A pending card passed 3-D Secure: active, and the default if the member has none. */
export async function activateCard(tx: Tx, row: CardRow): Promise<CardRow> {
  const isDefault = !(await hasDefault(tx, row.userId));
  const [updated] = await tx
    .update(paymentCards)
    .set({ status: 'active', isDefault })
    .where(eq(paymentCards.id, row.id))
    .returning();
  if (!updated) throw new Error('the card was not activated');
  return updated;
}
