import { DEFAULT_HOST, DEFAULT_PORT } from './start';

export const SANDBOX_DEFAULT_API_KEY = 'sandbox-api-key';

export interface SandboxSettings {
  port: number;
  host: string;
  /** Absent: the URL the sandbox binds to. */
  publicUrl?: string;
  apiKey: string;
  usesDefaultApiKey: boolean;
}

function isWebUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The standalone server's settings, from PSP_PORT, PSP_HOST, PSP_PUBLIC_URL and PSP_API_KEY. */
export function settingsFromEnv(env: Record<string, string | undefined>): SandboxSettings {
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
  return {
    port,
    host,
    ...(publicUrl === undefined ? {} : { publicUrl }),
    apiKey,
    usesDefaultApiKey: apiKey === SANDBOX_DEFAULT_API_KEY,
  };
}
