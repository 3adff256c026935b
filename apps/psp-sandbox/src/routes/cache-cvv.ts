import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { CACHED_CVV_TTL_MS, type SandboxContext } from '../context';
import { ProviderError } from '../errors';

interface CacheCvvBody {
  token?: string;
  cardId?: string;
  cvv: string;
}

/**
 * The spec's external payment host: the browser hands a stored card's security code to the
 * provider, never to the portal. Open to any origin and needs no portal headers.
 */
export async function cacheCvv(app: FastifyInstance, { ctx }: { ctx: SandboxContext }) {
  await app.register(cors, {
    origin: '*',
    methods: ['POST'],
    allowedHeaders: ['Content-Type', 'Accept'],
    maxAge: 600,
  });

  app.post<{ Body: CacheCvvBody }>(
    '/cacheCvv',
    {
      schema: {
        body: {
          type: 'object',
          required: ['cvv'],
          properties: {
            token: { type: 'string', minLength: 1, maxLength: 64 },
            cardId: { type: 'string', minLength: 1, maxLength: 64 },
            cvv: { type: 'string', pattern: '^[0-9]{3,4}$' },
          },
        },
      },
    },
    (request) => {
      const tokenId = request.body.token ?? request.body.cardId;
      if (tokenId === undefined) {
        throw ProviderError.of('invalidRequest', {
          propertyName: 'token',
          message: 'token is missing',
        });
      }
      const token = ctx.store.getToken(tokenId);
      if (!token) throw ProviderError.of('unknownToken', { propertyName: 'token' });
      ctx.store.cacheCvv(token.id, request.body.cvv, ctx.now() + CACHED_CVV_TTL_MS);
      return { cached: true };
    },
  );
}
