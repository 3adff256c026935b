import { isServerFault } from '@/shared/api/api-errors';

/** What a status call answers, as far as waiting needs it. */
export interface OrderOutcome {
  outcome: 'fulfilled' | 'authenticate' | 'pending' | 'failed';
}

export interface WaitForOrderOptions<S extends OrderOutcome> {
  check: (signal: AbortSignal) => Promise<S>;
  signal: AbortSignal;
  /** The first wait between asks; each next one is half as long again, up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** How long the page asks before telling the member it is still being confirmed. */
  timeoutMs?: number;
  /** A fault (network, 5xx) is asked again this many times in a row before it counts. */
  faultRetries?: number;
}

/** The payment was not final before the page stopped asking: the member is told to check later. */
export class OrderStillPending extends Error {
  override readonly name = 'OrderStillPending';
  constructor(readonly last: OrderOutcome | undefined) {
    super('The payment is still being confirmed');
  }
}

const final = (state: OrderOutcome) => state.outcome === 'fulfilled' || state.outcome === 'failed';

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', stop, { once: true });
  });

/**
 * Asks where an order stands until it is final (fulfilled or failed), at first quickly, then
 * backing off. Rejects with OrderStillPending after timeoutMs, or the call's own error.
 */
export async function waitForOrder<S extends OrderOutcome>({
  check,
  signal,
  firstDelayMs = 500,
  maxDelayMs = 5000,
  timeoutMs = 120_000,
  faultRetries = 3,
}: WaitForOrderOptions<S>): Promise<S> {
  const deadline = Date.now() + timeoutMs;
  let delay = firstDelayMs;
  let faults = 0;
  let last: S | undefined;
  for (;;) {
    try {
      last = await check(signal);
      faults = 0;
      if (final(last)) return last;
    } catch (error) {
      if (signal.aborted || !isServerFault(error) || ++faults > faultRetries) throw error;
    }
    if (Date.now() + delay > deadline) throw new OrderStillPending(last);
    await pause(delay, signal);
    delay = Math.min(maxDelayMs, Math.round(delay * 1.5));
  }
}
