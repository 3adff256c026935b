import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../config/env';
import { safeEqual } from '../../platform/crypto';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const OPS_KEY_HEADER = 'x-ops-key';

/**
 * Operator calls need OPS_API_KEY in production (and are closed when it is unset there). In
 * development, loopback callers need no key; others need it.
 */
export type OpsAccessCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function opsAccessCheck(env: Env): OpsAccessCheck {
  return async (request, reply) => {
    const given = request.headers[OPS_KEY_HEADER];
    const key = typeof given === 'string' ? given : undefined;
    if (env.OPS_API_KEY && key && safeEqual(key, env.OPS_API_KEY)) return;
    if (env.NODE_ENV !== 'production' && LOOPBACK.has(request.socket.remoteAddress ?? '')) return;
    request.log.warn({ ip: request.ip }, 'operator call refused');
    await reply.status(403).send({ error: 'forbidden', message: 'Operator key missing or wrong.' });
  };
}
