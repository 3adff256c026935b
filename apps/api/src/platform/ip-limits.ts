import { isIP, isIPv4, isIPv6 } from 'node:net';
import { IP_LIMITS, type IpLimit } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAttempt } from './attempt-locks';
import { CallError } from './call-error';

/** The address alone: X-Forwarded-For entries may carry a port (`v4:port`, `[v6]:port`). */
function bareAddress(ip: string): string | undefined {
  const trimmed = ip.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed)?.[1];
  if (bracketed !== undefined) return isIPv6(bracketed) ? bracketed : undefined;
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(trimmed)?.[1];
  const candidate = v4WithPort ?? trimmed;
  return isIP(candidate) ? candidate : undefined;
}

/**
 * The budget holder for a client address: the address itself for IPv4, its /64 network for
 * IPv6 (one subscriber's devices share a /64, and changing the rest is free). Anything that is
 * not an address shares one budget, so made-up forwarded values cannot each get their own.
 */
export function addressKey(ip: string): string {
  const address = bareAddress(ip);
  if (address === undefined) return 'invalid';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address)) return address;
  // An embedded IPv4 tail (…:1.2.3.4) is two groups; only the first four groups matter.
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const groups = (part: string) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const left = groups(head);
  const right = groups(tail);
  const all = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${all
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Counts one call of a kind for the request's client address (behind TRUST_PROXY, the
 * forwarded one) and refuses it with tooManyRequests (10029, with the seconds to wait) past the
 * budget. The count lives in the database, so every instance shares it.
 */
export async function checkIpLimit(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: IpLimit,
): Promise<void> {
  const policy = IP_LIMITS[kind];
  // A member's calls count against the member, so one member cannot use up a shared network's
  // budget (an office, an airport's wifi) for everyone on it.
  const member = request.member?.userId;
  const holder = member ? `member:${member}` : addressKey(request.ip);
  const record = await recordAttempt(
    app.db,
    `ip:${kind}:${holder}`,
    // The max-th attempt locks: the budget itself passes, the one after it is refused.
    { ...policy, max: policy.max * app.env.IP_LIMIT_FACTOR + 1 },
    app.clock.now(),
  );
  if (record.lockedFor > 0) {
    // Says truthfully what was counted: this member's calls, or this network's.
    throw new CallError(member ? 'memberTooManyRequests' : 'tooManyRequests', {
      time: record.lockedFor,
    });
  }
}
