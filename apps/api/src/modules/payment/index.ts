import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerAddCard } from './add-card';
import { registerCardList } from './card-list';
import { registerCardSession } from './card-session';
import { registerCardStatus } from './card-status';
import { registerPaymentReturn } from './payment-return';

/** The member's payment cards, saved as tokens at the card-payment provider. */
export const paymentModule = fp(
  (app: FastifyInstance) => {
    registerCardSession(app);
    registerCardList(app);
    registerAddCard(app);
    registerCardStatus(app);
    registerPaymentReturn(app);
  },
  { name: 'payment', dependencies: ['platform', 'auth', 'payment-provider', 'checkout'] },
);

export { forgetProviderTokens } from './forget-tokens';
export { paidCardLabel, payingCard, type PayingCard } from './saved-card';
