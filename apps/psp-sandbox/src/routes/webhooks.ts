import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

/**
 * How many webhook deliveries are not finished, for a test that runs the sandbox in another
 * process and must wait for them rather than sleep. In-process, `webhooks.idle()` does better.
 */
export function registerWebhookStatus(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/webhooks/pending', () => ({ pending: ctx.webhooks.pending() }));
}
