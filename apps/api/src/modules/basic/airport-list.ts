import { createHash } from 'node:crypto';
import { calls, successEnvelopeSchema, type Airport } from '@portal/contract';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { airports } from '../../db/schema';
import { registerCall } from '../../plugins/calls';

interface CachedList {
  etag: string;
  body: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The serialised airport list, built once; drop it when airports change. */
    airportList: { get(): Promise<CachedList>; invalidate(): void };
  }
}

async function buildList(db: Db): Promise<CachedList> {
  const rows = await db.select().from(airports).orderBy(asc(airports.iataCode));
  const result: Airport[] = rows.map((r) => ({
    name: r.name,
    iataCode: r.iataCode,
    city: r.city,
    country: r.country,
    countryName: r.countryName,
    code: r.code,
    keywords: r.keywords,
    timeZone: r.timeZone,
  }));
  const envelope = successEnvelopeSchema(calls.airportListV2.result).parse({
    state: '1',
    errorCode: null,
    result,
  });
  const body = JSON.stringify(envelope);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { etag, body };
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

export const airportListPlugin = fp(
  (app: FastifyInstance) => {
    let pending: Promise<CachedList> | undefined;
    app.decorate('airportList', {
      get: () => {
        pending ??= buildList(app.db).catch((err: unknown) => {
          pending = undefined;
          throw err;
        });
        return pending;
      },
      invalidate: () => {
        pending = undefined;
      },
    });

    registerCall(app, calls.airportListV2, async ({ request, reply }) => {
      const list = await app.airportList.get();
      reply.header('etag', list.etag).header('cache-control', 'no-cache');
      if (matchesEtag(request.headers['if-none-match'], list.etag)) {
        return reply.status(304).send();
      }
      return reply.type('application/json; charset=utf-8').send(list.body);
    });
  },
  { name: 'airport-list', dependencies: ['platform'] },
);
