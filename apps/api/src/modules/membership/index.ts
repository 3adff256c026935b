import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerAddMembership } from './add-membership';
import { registerBuy } from './buy';
import { registerDigitalCard } from './digital-card';
import { registerMembershipCalls } from './membership-calls';

/**
 * The membership area (spec section 2, /membership): the member's memberships and the one in
 * use, adding one, its certificate, and buying passes or a renewal through the checkout engine.
 */
export const membershipModule = fp(
  (app: FastifyInstance) => {
    registerMembershipCalls(app);
    registerAddMembership(app);
    registerBuy(app);
    registerDigitalCard(app);
  },
  { name: 'membership', dependencies: ['platform', 'auth', 'payment-provider', 'checkout'] },
);

export { checkScannedCard, type ScannedCard } from './digital-card';
