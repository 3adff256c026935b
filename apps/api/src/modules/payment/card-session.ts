import { createHash } from 'node:crypto';
import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/calls';

/** The member's id at the provider: stable per member, and not our user id. */
export const providerCustomerId = (userId: string): string =>
  `m-${createHash('sha256').update(`portal-customer\u0000${userId}`).digest('hex').slice(0, 32)}`;

/**
 * A session at the provider for the member's browser to encrypt a card in (the SDK's four
 * settings). The amount and currency (defaults 0 EUR) only describe the context to the SDK.
 */
export function registerCardSession(app: FastifyInstance): void {
  registerCall(app, calls.createCardSession, async ({ member }) => {
    const session = await app.paymentProvider.createSession({
      customerId: providerCustomerId(member.userId),
    });
    return {
      clientSessionId: session.clientSessionId,
      customerId: session.customerId,
      clientApiUrl: session.clientApiUrl,
      assetUrl: session.assetUrl,
    };
  });
}
