import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/**
 * An answer serialised once and compressed at most once per encoding, for calls whose answer is
 * the same for every caller (the airport list, an airport's product list): each request then
 * costs a lookup instead of a query, a serialisation and a compression.
 */
export interface EncodedAnswer {
  etag: string;
  body: string;
  encoded(encoding: Encoding): Buffer;
}

/**
 * How hard to compress. `kept`: built once and asked by every visitor (worth the best ratio);
 * `often`: rebuilt every minute or on a change (fast levels, still far smaller than the text).
 */
const LEVELS = {
  kept: { br: 9, gzip: 9 },
  often: { br: 5, gzip: 6 },
} as const;

export function encodeAnswer(body: string, effort: keyof typeof LEVELS): EncodedAnswer {
  const levels = LEVELS[effort];
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const cache: Partial<Record<Encoding, Buffer>> = {};
  const compress: Record<Encoding, () => Buffer> = {
    br: () =>
      brotliCompressSync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: levels.br,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      }),
    gzip: () => gzipSync(body, { level: levels.gzip }),
  };
  return {
    etag,
    body,
    encoded: (encoding) => (cache[encoding] ??= compress[encoding]()),
  };
}

/** The best encoding the client accepts of the two we keep ready. */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
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

const cachedReads = new WeakSet<FastifyRequest>();

/** Whether the request was answered from a cached answer (the request log leaves them out). */
export function isCachedRead(request: FastifyRequest): boolean {
  return cachedReads.has(request);
}

/**
 * Sends the answer as the client accepts it: 304 when it already holds this version, else the
 * compressed bytes (the compression hook leaves an encoded body alone) or the text.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: EncodedAnswer,
): FastifyReply {
  cachedReads.add(request);
  reply
    .header('etag', answer.etag)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding) return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
  return reply.send(answer.body);
}
