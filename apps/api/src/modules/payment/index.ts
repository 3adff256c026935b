import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { paymentProviderPlugin } from '../../platform/payment-provider-plugin';
import { registerAddCard } from './add-card';
import { registerCardList } from './card-list';
import { registerCardSession } from './card-session';
import { registerCardStatus } from './card-status';

/** The member's payment cards, saved as tokens at the card-payment provider. */
export const paymentModule = fp(
  async (app: FastifyInstance) => {
    await app.register(paymentProviderPlugin);
    registerCardSession(app);
    registerCardList(app);
    registerAddCard(app);
    registerCardStatus(app);
  },
  { name: 'payment', dependencies: ['platform', 'auth'] },
);
