import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { ProviderError } from '../errors';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Server API calls carry `Authorization: Bearer {apiKey}` and name this sandbox's merchant. */
export function requireApiKey(app: FastifyInstance, ctx: SandboxContext): void {
  const expected = digest(ctx.apiKey);
  app.addHook('onRequest', (request, _reply, done) => {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      return done(ProviderError.of('missingOrInvalidAuthorization'));
    }
    const { merchantId } = request.params as { merchantId?: string };
    if (merchantId !== ctx.merchantId) return done(ProviderError.of('merchantNotAllowed'));
    done();
  });
}
