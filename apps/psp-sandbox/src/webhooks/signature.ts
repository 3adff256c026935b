import { createHmac } from 'node:crypto';

/** The header a webhook's signature travels in. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Sandbox-Signature';

/**
 * How far a receiver should let a signature's timestamp be from its own clock (5 minutes, as
 * Stripe advises): wider lets a captured request be replayed for longer.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The `X-Sandbox-Signature` value of a webhook body sent at `timestamp` (unix seconds), Stripe's
 * scheme: `t=<timestamp>,v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`. The timestamp is
 * signed with the body so that a replay cannot pass itself off as new.
 */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new RangeError('signWebhook: timestamp must be whole unix seconds');
  }
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
