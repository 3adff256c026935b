import { calls } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentCards } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { registerCall } from '../../plugins/calls';
import { activeCards, findOwnCard, lockMember } from './card-query';
import { cardView } from './card-view';
import { forgetProviderTokens } from './forget-tokens';

/** The member's saved cards; making one the default; deleting one. Each answers the list. */
export function registerCardList(app: FastifyInstance): void {
  const listOf = async (userId: string) => {
    const rows = await activeCards(app.db, userId);
    const now = app.clock.now();
    return rows.map((row) => cardView(row, now, app.paymentProvider));
  };

  registerCall(app, calls.paymentCards, ({ member }) => listOf(member.userId));

  registerCall(app, calls.setDefaultCard, async ({ payload, member }) => {
    await app.db.transaction(async (tx) => {
      await lockMember(tx, member.userId);
      const card = await findOwnCard(tx, member.userId, payload.cardId);
      if (card?.status !== 'active') throw new CallError('notFound');
      if (card.isDefault) return;
      // Cleared first: the index allows one default per member at any moment.
      await tx
        .update(paymentCards)
        .set({ isDefault: false })
        .where(and(eq(paymentCards.userId, member.userId), eq(paymentCards.isDefault, true)));
      await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, card.id));
    });
    return listOf(member.userId);
  });

  registerCall(app, calls.deleteCard, async ({ payload, member, request }) => {
    const token = await app.db.transaction(async (tx) => {
      await lockMember(tx, member.userId);
      const card = await findOwnCard(tx, member.userId, payload.cardId);
      if (!card) throw new CallError('notFound');
      await tx.delete(paymentCards).where(eq(paymentCards.id, card.id));
      if (card.isDefault) {
        const [next] = await activeCards(tx, member.userId);
        if (next) {
          await tx
            .update(paymentCards)
            .set({ isDefault: true })
            .where(eq(paymentCards.id, next.id));
        }
      }
      return card.providerToken;
    });
    await forgetProviderTokens(app.paymentProvider, [token], request.log);
    return listOf(member.userId);
  });
}
