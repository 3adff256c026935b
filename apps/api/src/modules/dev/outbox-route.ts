import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../../db/schema';
import { DEV_OUTBOX_PATH, devToolsAllowed } from '../../platform/dev-tools';

/**
 * Development only: what the portal would have sent, newest first, codes included. Mounted only
 * when devToolsOn; a caller devToolsAllowed refuses gets the answer of an unknown path.
 */
export function registerDevOutbox(app: FastifyInstance): void {
  app.get(DEV_OUTBOX_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!devToolsAllowed(app.env, request)) return reply.callNotFound();
    const rows = await app.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(200);
    return rows.map((r) => ({
      id: r.id,
      to: r.to,
      channel: r.channel,
      subject: r.subject,
      text: r.body,
      code: r.code,
      link: r.link,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
    }));
  });
}
