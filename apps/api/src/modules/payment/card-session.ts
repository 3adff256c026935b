import { createHash } from 'node:crypto';
import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { paymentProviderOrigins } from '../../platform/payment-provider-config';
import { registerCall } from '../../plugins/calls';

/** The member's id at the provider: stable per member, and not our user id. */
export const providerCustomerId = (userId: string): string =>
  `m-${createHash('sha256').update(`portal-customer\u0000${userId}`).digest('hex').slice(0, 32)}`;

/**
 * A session at the provider for the member's browser to encrypt a card in (the SDK's four
 * settings). The amount and currency (defaults 0 EUR) only describe the context to the SDK.
 */
export function registerCardSession(app: FastifyInstance): void {
  const allowed = new Set(paymentProviderOrigins(app.env));
  registerCall(app, calls.createCardSession, async ({ member, request }) => {
    const session = await app.paymentProvider.createSession({
      customerId: providerCustomerId(member.userId),
    });
    // The pages' CSP lets the browser reach only the configured origins: a session elsewhere
    // would fail in the browser, so say which setting is missing (PSP_CLIENT_URL).
    const outside = [session.clientApiUrl, session.assetUrl]
      .map((url) => URL.parse(url)?.origin ?? url)
      .filter((origin) => !allowed.has(origin));
    if (outside.length > 0)
      request.log.error(
        { origins: outside },
        'the provider session names origins the CSP does not allow: set PSP_CLIENT_URL',
      );
    return {
      clientSessionId: session.clientSessionId,
      customerId: session.customerId,
      clientApiUrl: session.clientApiUrl,
      assetUrl: session.assetUrl,
    };
  });
}
