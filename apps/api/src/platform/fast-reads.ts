import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyRequest, FastifyServerFactory, preParsingHookHandler } from 'fastify';
import {
  encodedAnswerHeaders,
  preferredEncoding,
  type EncodedAnswer,
  type Encoding,
} from './encoded-answer';

/*
 * Issue 23: the cached public reads (the airport list, the product lists) are most of the
 * traffic and the same for every caller. Fastify answers each the first time; the listener in
 * front of it then answers the very same request again (same path, body and the headers the
 * answer depends on) from the same bytes and headers, without routing, parsing, validation or
 * hooks, for as long as the cached answer it was built from is the current one. Anything else,
 * and every request it is not sure of, goes to Fastify as before.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The fast path for cached reads; off (undefined) when every answer is logged. */
    fastReads: FastReads | undefined;
  }
}

/** The body the listener read, handed to Fastify when it answers the request itself. */
const READ_BODY = Symbol('portal.readBody');
type RawRequest = IncomingMessage & { [READ_BODY]?: Buffer };

/** The list payloads are a few dozen bytes: a longer body is left to Fastify to read. */
const MAX_BODY_BYTES = 4096;
/** Paths × payloads × channel and language headers: the oldest is dropped past this. */
export const FAST_READ_ENTRIES = 2000;

interface Entry {
  answer: EncodedAnswer;
  current: () => boolean;
  /**
   * The answer's headers per encoding as node:http takes them (name, value, name, value…), made
   * at first use, ending with the request id's name and a place for its value; with the bytes
   * they were made for (an answer's bytes may be made smaller later: encoded-answer.ts).
   */
  headers: Partial<Record<Encoding, { bytes: Buffer; list: string[] }>>;
}

/** The request id Fastify gives a request: the caller's x-request-id if well formed, else new. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}

/**
 * What the answer of a fast-read path depends on, as one key: the path, the body's bytes, and the
 * request headers the call reads or validates. A request with a token is never replayed (its
 * header is validated per request), nor one that asks for a version check or an encoding we do
 * not keep (Fastify compresses those itself).
 */
function keyOf(req: IncomingMessage, body: Buffer): string | undefined {
  const { headers } = req;
  if (headers.authorization !== undefined || headers['if-none-match'] !== undefined) return;
  return [
    req.url,
    headers['content-type'] ?? '',
    headers.channel ?? '',
    headers['accept-language'] ?? '',
    body.toString('latin1'),
  ].join('\u0000');
}

/** The options Fastify gives a server factory, of those it would set on its own server. */
interface ServerSettings {
  http?: http.ServerOptions | null;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

export interface FastReads {
  /** Lets the listener read the bodies of POSTs to `url`, whose answers may be replayed. */
  route(url: string): void;
  /**
   * Keeps the answer Fastify is sending for `request`, to send again to the same request while
   * `current()` holds.
   */
  remember(request: FastifyRequest, answer: EncodedAnswer, current: () => boolean): void;
  /** The preParsing hook of those routes: gives Fastify the body the listener already read. */
  preParsing: preParsingHookHandler;
  /** The server factory for Fastify: node:http with the listener in front of Fastify's. */
  serverFactory: FastifyServerFactory;
  /** How many answers are kept (for tests). */
  readonly size: number;
}

/**
 * The fast path for cached reads, sending `securityHeaders` (computed once, as Fastify's hook
 * sends them) with every answer it writes.
 */
export function fastReads(securityHeaders: Record<string, string>): FastReads {
  const routes = new Set<string>();
  const entries = new Map<string, Entry>();
  const security = Object.entries(securityHeaders);

  /** Writes the kept answer if there is a current one for this request; else says false. */
  function answer(req: RawRequest, res: ServerResponse, body: Buffer): boolean {
    const key = keyOf(req, body);
    const entry = key === undefined ? undefined : entries.get(key);
    if (!entry) return false;
    if (!entry.current()) {
      entries.delete(key!);
      return false;
    }
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (!encoding) return false;
    const bytes = entry.answer.encoded(encoding);
    let made = entry.headers[encoding];
    if (made?.bytes !== bytes) {
      const list = [
        ...security,
        ...Object.entries(encodedAnswerHeaders(entry.answer, encoding)),
        ['content-length', String(bytes.length)],
        ['x-request-id', ''],
      ].flat();
      made = entry.headers[encoding] = { bytes, list };
    }
    const headers = made.list.slice();
    headers[headers.length - 1] = requestIdOf(req);
    res.writeHead(200, headers);
    res.end(bytes);
    return true;
  }

  /** Reads a small body to its end, then answers it or hands request and body to Fastify. */
  function listener(fastify: RequestListener): RequestListener {
    return (req: RawRequest, res) => {
      const length = Number(req.headers['content-length']);
      if (
        req.method !== 'POST' ||
        !routes.has(req.url ?? '') ||
        req.headers['transfer-encoding'] !== undefined ||
        !(length >= 0 && length <= MAX_BODY_BYTES)
      ) {
        fastify(req, res);
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      const onData = (chunk: Buffer) => {
        received += chunk.length;
        chunks.push(chunk);
      };
      const onEnd = () => {
        req.off('data', onData).off('error', onError);
        const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
        if (received === length && answer(req, res, body)) return;
        req[READ_BODY] = body;
        fastify(req, res);
      };
      // A connection dropped mid-body: Fastify would answer nobody either.
      const onError = () => req.off('data', onData).off('end', onEnd);
      req.on('data', onData).once('end', onEnd).once('error', onError);
    };
  }

  return {
    route: (url) => void routes.add(url),
    remember(request, answer, current) {
      const body = (request.raw as RawRequest)[READ_BODY];
      const key = body && request.raw.url === request.url ? keyOf(request.raw, body) : undefined;
      if (key === undefined) return;
      entries.delete(key);
      if (entries.size >= FAST_READ_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { answer, current, headers: {} });
    },
    preParsing(request, _reply, payload, done) {
      const body = (request.raw as RawRequest)[READ_BODY];
      if (!body) return done(null, payload);
      const stream = new PassThrough();
      stream.end(body);
      done(null, stream);
    },
    serverFactory(handler, fastifyOptions) {
      // Fastify's own settings of the server it would have made (lib/server.js).
      const options = fastifyOptions as ServerSettings;
      const server = http.createServer(options.http ?? {}, listener(handler));
      if (options.keepAliveTimeout !== undefined)
        server.keepAliveTimeout = options.keepAliveTimeout;
      if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
      if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
    get size() {
      return entries.size;
    },
  };
}
