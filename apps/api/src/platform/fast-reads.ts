import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyRequest, FastifyServerFactory, preParsingHookHandler } from 'fastify';
import {
  encodedAnswerHeaders,
  MEMBER_CACHE_CONTROL,
  preferredEncoding,
  type EncodedAnswer,
  type Encoding,
  type SharedAnswer,
} from './encoded-answer';

/*
 * Issue 23: the cached public reads (the airport list, the product lists) are most of the
 * traffic and the same for every caller. Fastify answers each the first time; the listener in
 * front of it then answers the very same request again (same path, body and the headers the
 * answer depends on) from the same bytes and headers, without routing, parsing, validation or
 * hooks, for as long as the cached answer it was built from is the current one. Anything else,
 * and every request it is not sure of, goes to Fastify as before.
 *
 * The same for a member call whose answer members share (the slot grid of those who hold no place
 * there: 200 members at a grid at once spent 0.35 ms each in Fastify's path, 70 ms for the last):
 * sent again to a request with the same path, body and headers but its token, when that token's
 * member is one this process found by a check it still takes on its word (auth.ts: a check of the
 * last MEMBER_KEPT_MS, no revocation of this process's since; Fastify's path takes the same one)
 * and the answer is shared with them. Any other token, and a token it has no such check of, goes
 * to Fastify, which checks it.
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
  /** A member call's answer: the members it may be sent to (the request's token's). */
  sharedWith: ((userId: string) => boolean) | undefined;
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
 * What the answer of a fast-read path depends on, as one key: whether the request has a token (a
 * public answer is never sent to a request with one, whose header Fastify validates; a member's
 * only to one with a token, checked per request as Fastify's path would: keptMemberOf), the path,
 * the body's bytes, and the request headers the call reads or validates. Never one that asks for a version check (nor, in
 * `answer`, an encoding we do not keep: Fastify compresses those itself).
 */
function keyOf(req: IncomingMessage, body: Buffer): string | undefined {
  const { headers } = req;
  if (headers['if-none-match'] !== undefined) return;
  return [
    headers.authorization === undefined ? 'public' : 'member',
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
   * `current()` holds; a member's (`sharedWith` given), to the same request with the token of a
   * member it is shared with.
   */
  remember(
    request: FastifyRequest,
    answer: EncodedAnswer,
    standing: Pick<SharedAnswer, 'current'> & Partial<SharedAnswer>,
  ): void;
  /** The preParsing hook of those routes: gives Fastify the body the listener already read. */
  preParsing: preParsingHookHandler;
  /** The server factory for Fastify: node:http with the listener in front of Fastify's. */
  serverFactory: FastifyServerFactory;
  /** How many answers are kept (for tests). */
  readonly size: number;
}

/**
 * The member of a token, given its request's Authorization header, when a check of it is one
 * Fastify's path would take as it is (auth.ts: keptMemberOf); undefined otherwise.
 */
export type KeptMemberOf = (authorization: string) => string | undefined;

/**
 * The fast path for cached reads, sending `securityHeaders` (computed once, as Fastify's hook
 * sends them) with every answer it writes; a member's answer to the members `keptMemberOf` finds.
 */
export function fastReads(
  securityHeaders: Record<string, string>,
  keptMemberOf: KeptMemberOf,
): FastReads {
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
    if (entry.sharedWith) {
      const userId = keptMemberOf(req.headers.authorization!);
      if (userId === undefined || !entry.sharedWith(userId)) return false;
    }
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (!encoding) return false;
    const bytes = entry.answer.encoded(encoding);
    let made = entry.headers[encoding];
    if (made?.bytes !== bytes) {
      const list = [
        ...security,
        ...Object.entries(
          encodedAnswerHeaders(
            entry.answer,
            encoding,
            entry.sharedWith ? MEMBER_CACHE_CONTROL : 'no-cache',
          ),
        ),
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

  /**
   * `answer`, whose failure (none is known) is Fastify's to answer, as the request would have
   * been without the fast path, rather than an exception in the listener, which nothing catches.
   */
  function answered(req: RawRequest, res: ServerResponse, body: Buffer): boolean {
    try {
      return answer(req, res, body);
    } catch {
      return res.headersSent;
    }
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
        if (received === length && answered(req, res, body)) return;
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
    remember(request, answer, { current, sharedWith }) {
      // A public answer to a request with a token is not kept (keyOf), nor a member's without.
      if ((request.raw.headers.authorization !== undefined) !== (sharedWith !== undefined)) return;
      const body = (request.raw as RawRequest)[READ_BODY];
      const key = body && request.raw.url === request.url ? keyOf(request.raw, body) : undefined;
      if (key === undefined) return;
      // The same answer kept again (a member's check made anew, say) keeps its headers made.
      const before = entries.get(key);
      const headers = before?.answer === answer ? before.headers : {};
      entries.delete(key);
      if (entries.size >= FAST_READ_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { answer, current, sharedWith, headers });
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
