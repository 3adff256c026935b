import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../config/env';
import { safeEqual } from '../../platform/crypto';
import { devToolsAllowed } from '../../platform/dev-tools';
import { opsFailure } from './ops-failure';

export const OPS_KEY_HEADER = 'x-ops-key';

/** The API document's tag for the operator routes. */
export const OPS_TAG = 'ops';

/** The operator routes that answer 404 (OpsFailure) for what they name but do not find. */
export const OPS_NOT_FOUND = new Set(['ops.setPassesLeft', 'ops.setFastTrackSales']);

/**
 * An operator route's part of the API document: its operation id (`ops.name`), its summary, the
 * ops tag, and the key it needs (the `onRequest` check of `opsAccessCheck`).
 */
export function opsDoc(name: string, summary: string) {
  return {
    operationId: `ops.${name}`,
    summary,
    tags: [OPS_TAG],
    security: [{ opsKey: [] }],
  };
}

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
