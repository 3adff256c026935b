import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../config/env';
import { safeEqual } from '../../platform/crypto';
import { devToolsAllowed } from '../../platform/dev-tools';
import { opsFailure } from './ops-failure';

export const OPS_KEY_HEADER = 'x-ops-key';

/** Every operator route's schema carries this: the OpenAPI document never lists them. */
export const HIDDEN = { hide: true } as const;

/**
 * Operator calls need OPS_API_KEY (production refuses to start without it). Outside production,
 * the development tools' callers (this machine, on a loopback HOST, or anyone with DEV_TOOLS=1)
 * need no key.
 */
export type OpsAccessCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function opsAccessCheck(env: Env): OpsAccessCheck {
  return async (request, reply) => {
    const given = request.headers[OPS_KEY_HEADER];
    const key = typeof given === 'string' ? given : undefined;
    if (env.OPS_API_KEY && key && safeEqual(key, env.OPS_API_KEY)) return;
    if (devToolsAllowed(env, request)) return;
    request.log.warn({ ip: request.ip }, 'operator call refused');
    await reply.status(403).send(opsFailure('forbidden', 'Operator key missing or wrong.'));
  };
}
