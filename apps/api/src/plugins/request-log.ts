import type { onResponseAsyncHookHandler } from 'fastify';
import type { Env } from '../config/env';
import { isCachedRead } from '../platform/encoded-answer';

/**
 * The request log: one line per answer, with its request, status and time (Fastify's own
 * request logging is off: it writes two lines, the request and the answer). The answers of
 * cached public reads (the airport and product lists, most of the traffic and all alike) are
 * left out unless they failed, or LOG_CACHED_READS=1.
 */
export function requestLog(env: Env): onResponseAsyncHookHandler {
  return async (request, reply) => {
    if (!env.LOG_CACHED_READS && reply.statusCode < 400 && isCachedRead(request)) return;
    request.log.info(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  };
}
