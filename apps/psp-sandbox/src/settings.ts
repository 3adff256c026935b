import { DEFAULT_HOST, DEFAULT_PORT } from './start';
import { WEBHOOK_DEFAULTS } from './webhooks/options';

export const SANDBOX_DEFAULT_API_KEY = 'sandbox-api-key';

export interface SandboxSettings {
  port: number;
  host: string;
  /** Absent: the URL the sandbox binds to. */
  publicUrl?: string;
  apiKey: string;
  usesDefaultApiKey: boolean;
  /** Absent without PSP_WEBHOOK_URL: no webhooks are sent. */
  webhooks?: WebhookSettings;
}

export interface WebhookSettings {
  url: string;
  secret: string;
  maxAttempts: number;
  retryDelayMs: number;
  duplicates: boolean;
  outOfOrder: boolean;
  holdMs: number;
}

function isWebUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

type Env = Record<string, string | undefined>;

function wholeNumber(env: Env, name: string, fallback: number, min: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(value >= min)) throw new Error(`${name} must be a whole number >= ${min}, not "${text}"`);
  return value;
}

function flag(env: Env, name: string): boolean {
  const text = env[name]?.trim().toLowerCase() ?? '';
  if (['', '0', 'false', 'no'].includes(text)) return false;
  if (['1', 'true', 'yes'].includes(text)) return true;
  throw new Error(`${name} must be 1/true/yes or 0/false/no, not "${text}"`);
}

/** PSP_WEBHOOK_*: read only when PSP_WEBHOOK_URL is set; the secret is then required. */
function webhookSettings(env: Env): WebhookSettings | undefined {
  const url = env.PSP_WEBHOOK_URL?.trim();
  if (!url) return undefined;
  if (!isWebUrl(url)) throw new Error(`PSP_WEBHOOK_URL must be an http(s) URL, not "${url}"`);
  const secret = env.PSP_WEBHOOK_SECRET?.trim();
  // No default secret: a signature anyone could make would teach the receiver nothing.
  if (!secret) throw new Error('PSP_WEBHOOK_SECRET is required when PSP_WEBHOOK_URL is set');
  return {
    url,
    secret,
    maxAttempts: wholeNumber(env, 'PSP_WEBHOOK_MAX_ATTEMPTS', WEBHOOK_DEFAULTS.maxAttempts, 1),
    retryDelayMs: wholeNumber(env, 'PSP_WEBHOOK_RETRY_MS', WEBHOOK_DEFAULTS.retryDelayMs, 0),
    duplicates: flag(env, 'PSP_WEBHOOK_DUPLICATES'),
    outOfOrder: flag(env, 'PSP_WEBHOOK_OUT_OF_ORDER'),
    holdMs: wholeNumber(env, 'PSP_WEBHOOK_HOLD_MS', WEBHOOK_DEFAULTS.holdMs, 0),
  };
}

/**
 * The standalone server's settings, from PSP_PORT, PSP_HOST, PSP_PUBLIC_URL, PSP_API_KEY and
 * PSP_WEBHOOK_* (see the README).
 */
export function settingsFromEnv(env: Env): SandboxSettings {
  const portText = env.PSP_PORT?.trim() || String(DEFAULT_PORT);
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 0 && port <= 65535)) {
    throw new Error(`PSP_PORT must be a port number, not "${portText}"`);
  }
  const host = env.PSP_HOST?.trim() || DEFAULT_HOST;

  const publicUrl = env.PSP_PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined;
  if (publicUrl !== undefined && !isWebUrl(publicUrl)) {
    throw new Error(`PSP_PUBLIC_URL must be an http(s) URL, not "${publicUrl}"`);
  }

  const apiKey = env.PSP_API_KEY?.trim() || SANDBOX_DEFAULT_API_KEY;
  const webhooks = webhookSettings(env);
  return {
    port,
    host,
    ...(publicUrl === undefined ? {} : { publicUrl }),
    apiKey,
    usesDefaultApiKey: apiKey === SANDBOX_DEFAULT_API_KEY,
    ...(webhooks === undefined ? {} : { webhooks }),
  };
}
