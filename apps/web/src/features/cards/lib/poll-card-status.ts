import type { PaymentCard } from '@portal/contract';
import { CARD_ADD_CHECK_DELAY_MS } from '@portal/contract';
import { isServerFault } from '@/shared/api/api-errors';

type Status = { status: 'added'; card: PaymentCard } | { status: 'pending' };

export interface PollOptions {
  check: (signal: AbortSignal) => Promise<Status>;
  signal: AbortSignal;
  /** Between asks (spec section 9: 500 ms). */
  delayMs?: number;
  /** How long the bank may take before the member is told to check later. */
  timeoutMs?: number;
  /** A fault (network, 5xx) is asked again this many times in a row before it counts. */
  faultRetries?: number;
}

export class CardCheckTimeout extends Error {
  override readonly name = 'CardCheckTimeout';
}

const abortError = (signal: AbortSignal) =>
  signal.reason instanceof Error ? signal.reason : new Error('aborted');

/** Waits ms, or rejects as soon as the signal aborts (at once if it already has). */
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Asks whether a card that went through 3-D Secure is saved, waiting between asks, until it is
 * (the card) or refused (the call's error). Rejects with CardCheckTimeout after timeoutMs.
 */
export async function pollCardStatus({
  check,
  signal,
  delayMs = CARD_ADD_CHECK_DELAY_MS,
  timeoutMs = 120_000,
  faultRetries = 3,
}: PollOptions): Promise<PaymentCard> {
  const deadline = Date.now() + timeoutMs;
  let faults = 0;
  for (;;) {
    // Each ask ends by the deadline too: a request that hangs must not hold the wait open.
    const attempt = AbortSignal.any([
      signal,
      AbortSignal.timeout(Math.max(1, deadline - Date.now())),
    ]);
    try {
      const answer = await check(attempt);
      if (signal.aborted) throw abortError(signal);
      if (answer.status === 'added') return answer.card;
      faults = 0;
    } catch (error) {
      if (signal.aborted) throw error;
      if (attempt.aborted) throw new CardCheckTimeout();
      if (!isServerFault(error) || ++faults > faultRetries) throw error;
    }
    if (Date.now() + delayMs > deadline) throw new CardCheckTimeout();
    await wait(delayMs, signal);
  }
}
