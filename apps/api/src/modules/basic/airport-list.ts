import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
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
  /** Compressed once, since every visitor's browser asks for the whole list. */
  br: Buffer;
  gzip: Buffer;
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
  const br = brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } });
  return { etag, body, br, gzip: gzipSync(body, { level: 9 }) };
}

/** The best encoding the client accepts of the two we keep ready. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
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
      reply
        .header('etag', list.etag)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      if (matchesEtag(request.headers['if-none-match'], list.etag)) {
        return reply.status(304).send();
      }
      reply.type('application/json; charset=utf-8');
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding) return reply.header('content-encoding', encoding).send(list[encoding]);
      return reply.send(list.body);
    });
  },
  { name: 'airport-list', dependencies: ['platform'] },
);
