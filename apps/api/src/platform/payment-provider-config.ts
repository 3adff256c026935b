import type { Env } from '../config/env';

/** The sandbox's API key when PSP_API_KEY is unset (apps/psp-sandbox's own default). */
export const SANDBOX_DEFAULT_API_KEY = 'sandbox-api-key';

/** How long one call to the provider may take before the member is told to try again. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** Where and how the portal reaches the card-payment provider's server API. */
export interface PaymentProviderConfig {
  /** The provider's base URL, no trailing slash; calls go to `{baseUrl}/v1/{merchantId}/...`. */
  baseUrl: string;
  apiKey: string;
  merchantId: string;
  /** Where the provider serves card logos (`{assetUrl}logos/visa.svg`), with a trailing slash. */
  assetUrl: string;
  /** Where the member's browser hands a saved card's security code to the provider (spec §7). */
  cvvCacheUrl: string;
  timeoutMs: number;
}

type ProviderEnv = Pick<Env, 'NODE_ENV' | 'PSP_URL' | 'PSP_API_KEY' | 'PSP_MERCHANT_ID'>;

/**
 * The provider's settings from PSP_URL, PSP_API_KEY and PSP_MERCHANT_ID; undefined when no
 * provider is configured (no URL, or no key in production), and then every card call answers
 * serverError. Outside production an unset key is the sandbox's default one.
 */
export function paymentProviderConfig(env: ProviderEnv): PaymentProviderConfig | undefined {
  if (env.PSP_URL === undefined) return undefined;
  const apiKey =
    env.PSP_API_KEY ?? (env.NODE_ENV === 'production' ? undefined : SANDBOX_DEFAULT_API_KEY);
  if (apiKey === undefined) return undefined;
  const baseUrl = env.PSP_URL.replace(/\/+$/, '');
  return {
    baseUrl,
    apiKey,
    merchantId: env.PSP_MERCHANT_ID,
    assetUrl: `${baseUrl}/assets/`,
    cvvCacheUrl: `${baseUrl}/ingenico/cacheCvv`,
    timeoutMs: PROVIDER_TIMEOUT_MS,
  };
}

/**
 * The origins the member's browser reaches the provider at (its client API, which the SDK calls,
 * and its card logos): the page's CSP allows them. The sandbox serves both from PSP_URL; a
 * provider whose client API lives elsewhere names it in PSP_CLIENT_URL.
 */
export function paymentProviderOrigins(env: ProviderEnv & Pick<Env, 'PSP_CLIENT_URL'>): string[] {
  const config = paymentProviderConfig(env);
  if (!config) return [];
  const origins = [new URL(config.baseUrl).origin];
  if (env.PSP_CLIENT_URL) origins.push(new URL(env.PSP_CLIENT_URL).origin);
  return [...new Set(origins)];
}
