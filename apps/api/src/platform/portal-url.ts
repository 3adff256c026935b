import { ISSUER_ALIASES, ISSUERS, type Issuer } from '@portal/contract';
import type { Env } from '../config/env';

type UrlEnv = Pick<Env, 'PUBLIC_URL' | 'PORT' | 'ISSUER_URLS' | 'NODE_ENV'>;

/** The portal's own address when a request names none of its others: PUBLIC_URL, else local. */
export function defaultOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin;
}

/**
 * Every address the portal is configured to answer browsers on: PUBLIC_URL, each issuer's own
 * (ISSUER_URLS) and, outside production or without a PUBLIC_URL, the local ones a developer
 * opens (`localhost`, `127.0.0.1` and `<issuer>.localhost` on PORT).
 */
export function portalOrigins(env: UrlEnv): ReadonlySet<string> {
  const origins = new Set([defaultOrigin(env), ...Object.values(env.ISSUER_URLS)]);
  if (env.NODE_ENV !== 'production' || env.PUBLIC_URL === undefined) {
    const issuerHosts = [...ISSUERS.filter((i) => i !== 'default'), ...Object.keys(ISSUER_ALIASES)];
    for (const host of ['localhost', '127.0.0.1', ...issuerHosts.map((i) => `${i}.localhost`)]) {
      origins.add(new URL(`http://${host}:${env.PORT}`).origin);
    }
  }
  return origins;
}

const originOrUndefined = (text: unknown): string | undefined => {
  if (typeof text !== 'string') return undefined;
  try {
    return new URL(text).origin;
  } catch {
    return undefined;
  }
};

/** What of a request says where the browser is: its Origin, else its scheme and Host. */
export interface BrowserRequest {
  headers: { origin?: string | string[] | undefined };
  protocol: string;
  host: string;
}

/**
 * The portal address the browser made this request from (the page it pays on), when it is one
 * of the portal's configured addresses; else the default. A host is never taken from the request
 * unchecked: a forged Host or Origin only ever gets the default.
 */
export function browserOrigin(env: UrlEnv, request: BrowserRequest): string {
  const allowed = portalOrigins(env);
  for (const candidate of [request.headers.origin, `${request.protocol}://${request.host}`]) {
    const origin = originOrUndefined(candidate);
    if (origin && allowed.has(origin)) return origin;
  }
  return defaultOrigin(env);
}

/**
 * A page of the portal at an origin, with a query: where the payment provider sends the browser
 * back after 3-D Secure. Without an origin, the default one (links in emails).
 */
export function portalPageUrl(
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  path: `/${string}`,
  query: Record<string, string> = {},
  origin: string = defaultOrigin(env),
): string {
  const url = new URL(path, origin);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.href;
}

/** An issuer's own public address (ISSUER_URLS), else the default one: links in its emails. */
export function issuerOrigin(
  env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'ISSUER_URLS'>,
  issuer: Issuer,
): string {
  return env.ISSUER_URLS[issuer] ?? defaultOrigin(env);
}
