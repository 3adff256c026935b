import { createHash, createHmac } from 'node:crypto';
import type { EncryptionKey } from './keys';
import type { SandboxStore } from './store';
import type { WebhookDispatcher } from './webhooks/dispatcher';

export const CLIENT_SESSION_TTL_MS = 2 * 60 * 60 * 1000;
export const CACHED_CVV_TTL_MS = 10 * 60 * 1000;

/** What every route of one sandbox shares. */
export interface SandboxContext {
  /** No trailing slash. A function, so a sandbox listening on port 0 can learn it after listen. */
  publicUrl(): string;
  /** What the SDK is given: its path must be empty or `/client`. */
  clientApiUrl(): string;
  assetUrl(): string;
  apiKey: string;
  merchantId: string;
  /** The encryption key; read only once `keyReady` has settled (every request waits for it). */
  readonly key: EncryptionKey;
  keyReady: Promise<void>;
  store: SandboxStore;
  now(): number;
  fingerprint(cardNumber: string): string;
  /** Tells the portal of payment status changes (a no-op without a webhook URL). */
  webhooks: WebhookDispatcher;
}

export interface ContextOptions {
  publicUrl: string | (() => string);
  apiKey: string;
  merchantId: string;
  /** A promise when the key is still being made: the sandbox can listen meanwhile. */
  key: EncryptionKey | Promise<EncryptionKey>;
  store: SandboxStore;
  now: () => number;
  fingerprintSecret?: string;
  webhooks: WebhookDispatcher;
}

export function createContext(options: ContextOptions): SandboxContext {
  const readUrl =
    typeof options.publicUrl === 'function' ? options.publicUrl : () => options.publicUrl as string;
  const publicUrl = () => readUrl().replace(/\/+$/, '');
  // Derived from the API key unless given, so fingerprints stay the same across restarts.
  const secret =
    options.fingerprintSecret ??
    createHash('sha256').update(`psp-sandbox fingerprint\u0000${options.apiKey}`).digest('hex');
  let key = options.key instanceof Promise ? undefined : options.key;
  const keyReady = Promise.resolve(options.key).then((made) => void (key = made));
  // Answered to each request that waits for it (a failed key fails them), never unhandled.
  keyReady.catch(() => {});
  return {
    publicUrl,
    clientApiUrl: () => `${publicUrl()}/client`,
    assetUrl: () => `${publicUrl()}/assets/`,
    apiKey: options.apiKey,
    merchantId: options.merchantId,
    get key() {
      if (!key) throw new Error('psp-sandbox: the encryption key is not made yet');
      return key;
    },
    keyReady,
    store: options.store,
    now: options.now,
    fingerprint: (cardNumber) => createHmac('sha256', secret).update(cardNumber).digest('hex'),
    webhooks: options.webhooks,
  };
}
