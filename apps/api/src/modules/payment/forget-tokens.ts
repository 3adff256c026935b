import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../platform/payment-provider';

/**
 * Deletes card tokens at the provider, best effort: after the portal has let go of them (its
 * transaction committed), a failure is only logged, without the tokens or any card data.
 */
export async function forgetProviderTokens(
  provider: PaymentProvider,
  tokens: readonly string[],
  log: FastifyBaseLogger,
): Promise<void> {
  if (!provider.configured) return;
  await Promise.all(
    tokens.map(async (token) => {
      try {
        await provider.deleteToken(token);
      } catch (error) {
        const { name, message } =
          error instanceof Error ? error : { name: 'Error', message: String(error) };
        log.warn({ err: { type: name, message } }, 'could not delete a card token at the provider');
      }
    }),
  );
}
