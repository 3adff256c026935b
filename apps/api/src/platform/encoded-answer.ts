import { createHash } from 'node:crypto';
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlibConstants,
  gzipSync,
} from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/**
 * An answer serialised once and compressed at most once per encoding, for calls whose answer is
 * the same for every caller (the airport list, an airport's product list) or for many members
 * (the slot grid: SharedAnswer): each request then costs a lookup instead of a query, a
 * serialisation and a compression.
 */
export interface EncodedAnswer {
  etag: string;
  body: string;
  encoded(encoding: Encoding): Buffer;
}

/**
 * A member call's answer that other members are sent too (the slot grid of members who hold no
 * place there): while `current()`, the fast path may send it again to any member `sharedWith`.
 */
export interface SharedAnswer {
  current(): boolean;
  sharedWith(userId: string): boolean;
}

/**
 * How hard to compress. `kept`: built once and asked by every visitor (worth the best ratio);
 * `often`: rebuilt every minute or on a change (fast levels, still far smaller than the text).
 * `brLater`: brotli's best quality, made off the event loop once the answer is first encoded
 * (the airport list: as it is built), then sent instead (issue 23: the airport list is 131 KB
 * at 9, 109 KB at 11, which takes 1.3 s of CPU: too long to wait for, worth having for every
 * visitor after).
 */
const LEVELS = {
  kept: { br: 9, gzip: 9, brLater: 11 },
  often: { br: 5, gzip: 6, brLater: undefined },
} as const;

const brotliParams = (body: string, quality: number) => ({
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
  },
});

export function encodeAnswer(body: string, effort: keyof typeof LEVELS): EncodedAnswer {
  const levels = LEVELS[effort];
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const cache: Partial<Record<Encoding, Buffer>> = {};
  const compress: Record<Encoding, () => Buffer> = {
    br: () => {
      const now = brotliCompressSync(body, brotliParams(body, levels.br));
      if (levels.brLater !== undefined) {
        // On libuv's thread pool; kept only if smaller. Should it fail, the first bytes stay.
        brotliCompress(body, brotliParams(body, levels.brLater), (err, better) => {
          if (!err && better.length < now.length) cache.br = better;
        });
      }
      return now;
    },
    gzip: () => gzipSync(body, { level: levels.gzip }),
  };
  return {
    etag,
    body,
    encoded: (encoding) => (cache[encoding] ??= compress[encoding]()),
  };
}

// Browsers send one of a few Accept-Encoding values: each is read once (a bounded memo).
const readEncodings = new Map<string, Encoding | undefined>();
const READ_ENCODINGS_KEPT = 100;

/** The best encoding the client accepts of the two we keep ready. */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (header === undefined || header.length > 200) return readEncoding(header);
  if (!readEncodings.has(header)) {
    if (readEncodings.size >= READ_ENCODINGS_KEPT) readEncodings.clear();
    readEncodings.set(header, readEncoding(header));
  }
  return readEncodings.get(header);
}

function readEncoding(header: string | undefined): Encoding | undefined {
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

/** The headers of an answer sent in `encoding` (or as text), the same on every path that sends it. */
export function encodedAnswerHeaders(
  answer: EncodedAnswer,
  encoding: Encoding | undefined,
  cacheControl = 'no-cache',
): Record<string, string> {
  return {
    etag: answer.etag,
    'cache-control': cacheControl,
    vary: 'accept-encoding',
    'content-type': 'application/json; charset=utf-8',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  };
}

/**
 * Sends the answer as the client accepts it: 304 when it already holds this version, else the
 * compressed bytes (the compression hook leaves an encoded body alone) or the text. Answers the
 * encoding it sent, if any.
 */
function send(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: EncodedAnswer,
  cacheControl: string,
): Encoding | undefined {
  const { etag, vary } = encodedAnswerHeaders(answer, undefined);
  reply.header('etag', etag).header('cache-control', cacheControl).header('vary', vary);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
    reply.status(304).send();
    return undefined;
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply.headers(encodedAnswerHeaders(answer, encoding, cacheControl));
  reply.send(encoding ? answer.encoded(encoding) : answer.body);
  return encoding;
}

/**
 * Sends a public cached answer (send above); a cached read, left out of the request log. `current`
 * says whether the answer is still the one the cache holds: while it does, the fast path
 * (fast-reads.ts) may send it again to the same request without Fastify.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: EncodedAnswer,
  current: () => boolean,
): FastifyReply {
  cachedReads.add(request);
  if (send(request, reply, answer, 'no-cache'))
    request.server.fastReads?.remember(request, answer, { current });
  return reply;
}

/** A member's answer: no shared cache (a proxy's, say) may keep it. */
export const MEMBER_CACHE_CONTROL = 'private, no-cache';

/**
 * Sends a member's answer (send above), which no shared cache may keep. `shared`: the same answer
 * other members are sent, kept by a cache (a cached read, left out of the request log as the
 * public ones are), which the fast path may send again to the members it is shared with;
 * otherwise made for this member and logged.
 */
export function sendMemberEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: EncodedAnswer,
  shared: SharedAnswer | undefined,
): FastifyReply {
  if (shared) cachedReads.add(request);
  if (send(request, reply, answer, MEMBER_CACHE_CONTROL) && shared)
    request.server.fastReads?.remember(request, answer, shared);
  return reply;
}
