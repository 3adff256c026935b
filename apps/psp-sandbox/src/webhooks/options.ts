/** One delivery attempt, as the transport is handed it. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Aborted when the attempt times out or the sandbox closes. */
  signal: AbortSignal;
}

/** Sends one attempt and answers the receiver's HTTP status; throws when nothing answered. */
export type WebhookTransport = (request: WebhookRequest) => Promise<number>;

export interface WebhookOptions {
  /** Where events are POSTed. A function is read at each attempt (a receiver started later). */
  url: string | (() => string);
  /** Signs every delivery (see signWebhook); the receiver holds the same. */
  secret: string;
  /** Tries per delivery, the first included, before giving up. Default 8. */
  maxAttempts?: number;
  /** The first retry's wait, doubled at every retry up to maxRetryDelayMs. Default 1 s. */
  retryDelayMs?: number;
  /** Default 60 s. */
  maxRetryDelayMs?: number;
  /** An attempt not answered by then has failed. Default 10 s. */
  timeoutMs?: number;
  /** Deliver every event twice, each copy retried on its own: "at least once" allows that. */
  duplicates?: boolean;
  /** Hold events for holdMs, then deliver them newest first: the order of arrival is no promise. */
  outOfOrder?: boolean;
  /** Default 1 s. `flush()` releases them sooner. */
  holdMs?: number;
  /** Default: HTTP with fetch. Tests may deliver in-process instead (e.g. app.inject). */
  transport?: WebhookTransport;
}

export type ResolvedWebhookOptions = Required<Omit<WebhookOptions, 'url'>> & { url: () => string };

export const WEBHOOK_DEFAULTS = {
  maxAttempts: 8,
  retryDelayMs: 1000,
  maxRetryDelayMs: 60_000,
  timeoutMs: 10_000,
  holdMs: 1000,
} as const;

function protocolOf(text: string): string {
  try {
    return new URL(text).protocol;
  } catch {
    return '';
  }
}

function wholeAtLeast(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`psp-sandbox: webhooks.${name} must be a whole number >= ${min}`);
  }
  return value;
}

/** Fills in the defaults, and refuses what cannot work at build time, not at the first event. */
export function resolveWebhookOptions(
  options: WebhookOptions,
  transport: WebhookTransport,
): ResolvedWebhookOptions {
  if (!options.secret) throw new Error('psp-sandbox: webhooks.secret is required with a URL');
  const url = typeof options.url === 'function' ? options.url : () => options.url as string;
  if (typeof options.url === 'string' && !/^https?:$/.test(protocolOf(options.url))) {
    throw new Error('psp-sandbox: webhooks.url must be an http(s) URL');
  }
  const d = WEBHOOK_DEFAULTS;
  return {
    url,
    secret: options.secret,
    maxAttempts: wholeAtLeast('maxAttempts', options.maxAttempts ?? d.maxAttempts, 1),
    retryDelayMs: wholeAtLeast('retryDelayMs', options.retryDelayMs ?? d.retryDelayMs, 0),
    maxRetryDelayMs: wholeAtLeast(
      'maxRetryDelayMs',
      options.maxRetryDelayMs ?? d.maxRetryDelayMs,
      0,
    ),
    timeoutMs: wholeAtLeast('timeoutMs', options.timeoutMs ?? d.timeoutMs, 1),
    duplicates: options.duplicates ?? false,
    outOfOrder: options.outOfOrder ?? false,
    holdMs: wholeAtLeast('holdMs', options.holdMs ?? d.holdMs, 0),
    transport: options.transport ?? transport,
  };
}
