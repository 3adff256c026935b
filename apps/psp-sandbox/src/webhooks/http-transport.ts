import type { WebhookTransport } from './options';

/**
 * POSTs with fetch. Redirects are not followed (a 3xx is a failed attempt, as with Stripe): a
 * receiver that moved must be configured anew, not chased.
 */
export const httpTransport: WebhookTransport = async ({ url, headers, body, signal }) => {
  const response = await fetch(url, { method: 'POST', headers, body, signal, redirect: 'manual' });
  // The answer's body means nothing to the sender; dropping it frees the connection.
  await response.body?.cancel();
  return response.status;
};
