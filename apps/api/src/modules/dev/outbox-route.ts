import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { outbox } from '../../db/schema';
import { DEV_OUTBOX_PATH, devToolsAllowed } from '../../platform/dev-tools';

const fileParams = z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(20) });

/**
 * Development only: what the portal would have sent, newest first, codes included, with the
 * files each message carries (made as they would be when sent). Mounted only when devToolsOn;
 * a caller devToolsAllowed refuses gets the answer of an unknown path.
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
      attachments: r.attachments.map((a, index) => ({
        filename: a.filename,
        contentType: a.contentType,
        url: `${DEV_OUTBOX_PATH}/${r.id}/files/${index}`,
      })),
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
    }));
  });

  app.get(
    `${DEV_OUTBOX_PATH}/:id/files/:index`,
    { schema: { hide: true } },
    async (request, reply) => {
      if (!devToolsAllowed(app.env, request)) return reply.callNotFound();
      const params = fileParams.safeParse(request.params);
      if (!params.success) return reply.callNotFound();
      const [row] = await app.db.select().from(outbox).where(eq(outbox.id, params.data.id));
      const attachment = row?.attachments[params.data.index];
      if (!row || !attachment) return reply.callNotFound();
      const [file] = await app.outboxFiles.render({ attachments: [attachment] });
      if (!file) return reply.callNotFound();
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.content);
    },
  );
}
