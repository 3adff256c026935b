import { calls } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentCards } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import { registerCall } from '../../plugins/calls';
import { activateCard, findOwnCard, hasActiveTwin, lockMember } from './card-query';
import { cardView, type CardRow } from './card-view';
import { forgetProviderTokens } from './forget-tokens';

type Settled = CardRow | 'gone' | 'failed' | 'duplicate';

/**
 * After 3-D Secure (the browser asks every 500 ms): a pending card is settled by the provider's
 * word on its token. Passed: saved (unless the member saved the same card meanwhile: 61010);
 * failed: 61007; still waiting: pending.
 */
export function registerCardStatus(app: FastifyInstance): void {
  registerCall(app, calls.addCardStatus, async ({ payload, member, request }) => {
    const provider = app.paymentProvider;
    const added = (row: CardRow) => ({
      status: 'added' as const,
      card: cardView(row, app.clock.now(), provider),
    });

    const row = await findOwnCard(app.db, member.userId, payload.cardId);
    if (!row) throw new CallError('notFound');
    if (row.status === 'active') return added(row);
    if (row.status === 'failed') throw new CallError('cardAuthFailed');

    const token = await provider.getToken(row.providerToken);
    if (token?.status === 'PENDING_AUTHENTICATION') return { status: 'pending' as const };
    if (token?.status !== 'CREATED') {
      // Failed, or the provider no longer knows the token: this card cannot be verified now.
      await app.db
        .update(paymentCards)
        .set({ status: 'failed' })
        .where(and(eq(paymentCards.id, row.id), eq(paymentCards.status, 'pending')));
      if (token) await forgetProviderTokens(provider, [token.id], request.log);
      throw new CallError('cardAuthFailed');
    }

    const settled = await app.db.transaction(async (tx): Promise<Settled> => {
      await lockMember(tx, member.userId);
      // Read again under the lock: another poll may have settled it.
      const current = await findOwnCard(tx, member.userId, row.id);
      if (!current) return 'gone';
      if (current.status !== 'pending') return current.status === 'active' ? current : 'failed';
      if (await hasActiveTwin(tx, member.userId, current.fingerprint)) {
        await tx.delete(paymentCards).where(eq(paymentCards.id, current.id));
        return 'duplicate';
      }
      return activateCard(tx, current);
    });
    if (settled === 'gone') throw new CallError('notFound');
    if (settled === 'failed') throw new CallError('cardAuthFailed');
    if (settled === 'duplicate') {
      await forgetProviderTokens(provider, [row.providerToken], request.log);
      throw new CallError('cardAlreadyRegistered');
    }
    return added(settled);
  });
}
