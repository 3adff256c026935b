import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../../db/schema';

/** Development only: what the portal would have sent, newest first. Never in production. */
export function registerDevOutbox(app: FastifyInstance): void {
  app.get('/__dev/outbox', async () => {
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
