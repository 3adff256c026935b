import type { Env } from '../config/env';

/**
 * A page of the portal as the browser reaches it (PUBLIC_URL, else this server), with a query:
 * where the payment provider sends the browser back after 3-D Secure.
 */
export function portalPageUrl(
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  path: `/${string}`,
  query: Record<string, string> = {},
): string {
  const base = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const url = new URL(`${base}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.href;
}
