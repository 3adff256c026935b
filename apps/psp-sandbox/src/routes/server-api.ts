import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { registerPayments } from './payments';
import { requireApiKey } from './server-auth';
import { registerSessions } from './sessions';
import { registerTokens } from './tokens';

/** The server-to-server API the portal calls, under {publicUrl}/v1/{merchantId}/. Never CORS. */
export function serverApi(
  app: FastifyInstance,
  { ctx }: { ctx: SandboxContext },
  done: (err?: Error) => void,
): void {
  requireApiKey(app, ctx);
  registerSessions(app, ctx);
  registerTokens(app, ctx);
  registerPayments(app, ctx);
  done();
}
