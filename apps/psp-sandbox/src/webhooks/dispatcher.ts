import type { PaymentAnswer } from '../routes/views';
import { paymentStatusEvent, type WebhookEvent } from './events';
import { httpTransport } from './http-transport';
import { resolveWebhookOptions, type ResolvedWebhookOptions, type WebhookOptions } from './options';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from './signature';

/** What a test sees of a sandbox's webhooks: enough to wait for them instead of sleeping. */
export interface SandboxWebhooks {
  /** Whether a URL is set; without one nothing is recorded nor sent. */
  readonly enabled: boolean;
  /** Every event recorded, oldest first. */
  events(): WebhookEvent[];
  /** Deliveries not finished: held, on their way, or waiting for a retry. */
  pending(): number;
  /** Resolves once nothing is pending: every delivery answered 2xx or gave up. */
  idle(): Promise<void>;
  /** Sends what out-of-order mode is holding now (newest first), then waits like idle(). */
  flush(): Promise<void>;
}

export interface WebhookDispatcher extends SandboxWebhooks {
  /** Records a `payment.status` event and sends it later: never awaited by the answer. */
  paymentChanged(payment: PaymentAnswer): void;
  /** Drops what is pending (the sandbox is closing) and lets every waiter go. */
  close(): void;
}

export interface DispatcherDeps {
  now(): number;
  /** Told when a delivery gives up: the one failure nobody else sees. */
  warn(detail: { eventId: string; attempts: number; lastStatus: number | null }): void;
}

interface Delivery {
  event: WebhookEvent;
  body: string;
  attempts: number;
}

const disabled: WebhookDispatcher = {
  enabled: false,
  events: () => [],
  pending: () => 0,
  idle: () => Promise.resolve(),
  flush: () => Promise.resolve(),
  paymentChanged: () => undefined,
  close: () => undefined,
};

export function createWebhookDispatcher(
  options: WebhookOptions | undefined,
  deps: DispatcherDeps,
): WebhookDispatcher {
  if (!options) return disabled;
  const o: ResolvedWebhookOptions = resolveWebhookOptions(options, httpTransport);

  const events: WebhookEvent[] = [];
  let held: Delivery[] = [];
  let holdTimer: NodeJS.Timeout | undefined;
  let pending = 0;
  let waiters: (() => void)[] = [];
  // First attempts go one at a time, in the order they were dispatched, so that "newest first"
  // is the order a receiver really sees. Retries wait on their own timers and block nothing.
  let firstAttempts = Promise.resolve();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<AbortController>();
  let closed = false;

  function settle() {
    if (pending > 0) return;
    const done = waiters;
    waiters = [];
    for (const wake of done) wake();
  }

  function finish() {
    pending -= 1;
    settle();
  }

  async function attemptOnce(delivery: Delivery): Promise<number | null> {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), o.timeoutMs);
    inFlight.add(controller);
    try {
      // Signed anew at every attempt, so a late retry still passes the receiver's tolerance.
      const timestamp = Math.floor(deps.now() / 1000);
      return await o.transport({
        url: o.url(),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'psp-sandbox-webhooks',
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(o.secret, delivery.body, timestamp),
        },
        body: delivery.body,
        signal: controller.signal,
      });
    } catch {
      return null; // refused, reset, timed out: no answer, so try again
    } finally {
      clearTimeout(timeout);
      inFlight.delete(controller);
    }
  }

  async function attempt(delivery: Delivery): Promise<void> {
    if (closed) return;
    delivery.attempts += 1;
    const status = await attemptOnce(delivery);
    if (closed) return;
    if (status !== null && status >= 200 && status < 300) return finish();
    if (delivery.attempts >= o.maxAttempts) {
      deps.warn({ eventId: delivery.event.id, attempts: delivery.attempts, lastStatus: status });
      return finish();
    }
    const delay = Math.min(o.retryDelayMs * 2 ** (delivery.attempts - 1), o.maxRetryDelayMs);
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(delivery);
    }, delay);
    timers.add(timer);
  }

  function dispatch(deliveries: Delivery[]) {
    for (const delivery of deliveries) {
      firstAttempts = firstAttempts.then(() => attempt(delivery));
    }
  }

  function release() {
    if (holdTimer) clearTimeout(holdTimer);
    holdTimer = undefined;
    const batch = held.reverse();
    held = [];
    dispatch(batch);
  }

  const idle = () =>
    pending === 0 ? Promise.resolve() : new Promise<void>((wake) => waiters.push(wake));

  return {
    enabled: true,
    events: () => [...events],
    pending: () => pending,
    idle,
    flush() {
      release();
      return idle();
    },
    paymentChanged(payment) {
      if (closed) return;
      const event = paymentStatusEvent(payment, deps.now());
      events.push(event);
      const body = JSON.stringify(event);
      const copies = o.duplicates ? 2 : 1;
      const deliveries = Array.from({ length: copies }, () => ({ event, body, attempts: 0 }));
      pending += copies;
      if (!o.outOfOrder) return dispatch(deliveries);
      held.push(...deliveries);
      holdTimer ??= setTimeout(release, o.holdMs);
    },
    close() {
      closed = true;
      if (holdTimer) clearTimeout(holdTimer);
      for (const timer of timers) clearTimeout(timer);
      for (const controller of inFlight) controller.abort();
      timers.clear();
      held = [];
      pending = 0;
      settle();
    },
  };
}
