import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CLIENT_SESSION_TTL_MS, type SandboxContext } from '../context';

const CUSTOMER_ID = '^[A-Za-z0-9._-]{1,64}$';

export function registerSessions(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<{ Body: { customerId?: string } | undefined }>(
    '/sessions',
    {
      schema: {
        body: {
          type: ['object', 'null'],
          properties: { customerId: { type: 'string', pattern: CUSTOMER_ID } },
        },
      },
    },
    (request, reply) => {
      const customerId = request.body?.customerId ?? `cust-${randomBytes(8).toString('hex')}`;
      const session = {
        id: randomBytes(16).toString('hex'),
        customerId,
        expiresAt: ctx.now() + CLIENT_SESSION_TTL_MS,
      };
      ctx.store.putSession(session);
      return reply.status(201).send({
        clientSessionId: session.id,
        customerId,
        clientApiUrl: ctx.clientApiUrl(),
        assetUrl: ctx.assetUrl(),
      });
    },
  );
}
