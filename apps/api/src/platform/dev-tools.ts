import type { FastifyRequest } from 'fastify';
import type { Env } from '../config/env';

export const DEV_OUTBOX_PATH = '/__dev/outbox';

/** HOST values that listen on this machine only. */
const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', '::1', 'localhost'];

type DevToolsEnv = Pick<Env, 'NODE_ENV' | 'HOST' | 'DEV_TOOLS'>;

/**
 * Whether the development tools (the outbox listing every member's codes, operator calls
 * without a key) may answer at all: never in production; elsewhere when the server listens on
 * this machine only, or DEV_TOOLS=1 says so.
 */
export function devToolsOn(env: DevToolsEnv): boolean {
  if (env.NODE_ENV === 'production') return false;
  return env.DEV_TOOLS || LOOPBACK_HOSTS.includes(env.HOST);
}

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/**
 * Whether this request may use them: from this machine's own address (the socket's, never
 * X-Forwarded-For, which any client can write), unless DEV_TOOLS=1 opens them to every caller.
 */
export function devToolsAllowed(env: DevToolsEnv, request: FastifyRequest): boolean {
  if (!devToolsOn(env)) return false;
  return env.DEV_TOOLS || isLoopbackAddress(request.socket.remoteAddress);
}
