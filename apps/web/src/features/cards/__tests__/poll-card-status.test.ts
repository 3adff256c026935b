import type { PaymentCard } from '@portal/contract';
import { CARD_ADD_CHECK_DELAY_MS } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, HttpError, NetworkError } from '@/shared/api/api-errors';
import { settled } from '@/testing/settled';
import { CardCheckTimeout, pollCardStatus, type PollOptions } from '../lib/poll-card-status';
import { visa } from './cards-fixtures';

type Answer = Awaited<ReturnType<PollOptions['check']>>;

const CARD: PaymentCard = visa();
const pending: Answer = { status: 'pending' };
const added: Answer = { status: 'added', card: CARD };

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('pollCardStatus', () => {
  it('asks again while the card is pending, and answers the card once it is added', async () => {
    const check = vi.fn<PollOptions['check']>();
    check.mockResolvedValueOnce(pending).mockResolvedValueOnce(pending).mockResolvedValue(added);
    const result = settled(pollCardStatus({ check, signal: new AbortController().signal }));
    await vi.advanceTimersByTimeAsync(2 * CARD_ADD_CHECK_DELAY_MS);
    expect(result).toEqual({ value: CARD, done: true });
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('waits 500 ms (CARD_ADD_CHECK_DELAY_MS) between asks by default', async () => {
    expect(CARD_ADD_CHECK_DELAY_MS).toBe(500);
    const check = vi.fn<PollOptions['check']>().mockResolvedValue(pending);
    const controller = new AbortController();
    const result = settled(pollCardStatus({ check, signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(499);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(3);
    // Each ask gets the poll's signal.
    // Each ask gets a signal of its own: the member's (aborts it) and the deadline's.
    expect(check).toHaveBeenCalledWith(expect.any(AbortSignal));
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(result.done).toBe(true);
  });

  it('takes another delay when given one', async () => {
    const check = vi.fn<PollOptions['check']>().mockResolvedValue(pending);
    const controller = new AbortController();
    settled(pollCardStatus({ check, signal: controller.signal, delayMs: 100 }));
    await vi.advanceTimersByTimeAsync(350);
    expect(check).toHaveBeenCalledTimes(4);
    controller.abort();
  });

  it('rejects with the ApiError at once for a business error', async () => {
    const error = new ApiError({
      name: 'cardAuthFailed',
      code: '61007',
      message: 'Authentication Failed',
    });
    const check = vi
      .fn<PollOptions['check']>()
      .mockResolvedValueOnce(pending)
      .mockRejectedValue(error);
    const result = settled(pollCardStatus({ check, signal: new AbortController().signal }));
    await vi.advanceTimersByTimeAsync(CARD_ADD_CHECK_DELAY_MS);
    expect(result).toEqual({ error, done: true });
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5 * CARD_ADD_CHECK_DELAY_MS);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('asks again after a server fault, up to faultRetries faults in a row', async () => {
    const check = vi
      .fn<PollOptions['check']>()
      .mockRejectedValueOnce(new HttpError(503))
      .mockRejectedValueOnce(new NetworkError(new TypeError('offline')))
      .mockResolvedValue(added);
    const result = settled(
      pollCardStatus({ check, signal: new AbortController().signal, faultRetries: 2 }),
    );
    await vi.advanceTimersByTimeAsync(2 * CARD_ADD_CHECK_DELAY_MS);
    expect(result).toEqual({ value: CARD, done: true });
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('gives up with the fault after faultRetries + 1 faults in a row', async () => {
    const fault = new HttpError(502);
    const check = vi.fn<PollOptions['check']>().mockRejectedValue(fault);
    const result = settled(
      pollCardStatus({ check, signal: new AbortController().signal, faultRetries: 2 }),
    );
    await vi.advanceTimersByTimeAsync(10 * CARD_ADD_CHECK_DELAY_MS);
    expect(result).toEqual({ error: fault, done: true });
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('counts faults in a row only: a pending answer between them starts again', async () => {
    const check = vi
      .fn<PollOptions['check']>()
      .mockRejectedValueOnce(new HttpError(503))
      .mockResolvedValueOnce(pending)
      .mockRejectedValueOnce(new HttpError(503))
      .mockResolvedValue(added);
    const result = settled(
      pollCardStatus({ check, signal: new AbortController().signal, faultRetries: 1 }),
    );
    await vi.advanceTimersByTimeAsync(3 * CARD_ADD_CHECK_DELAY_MS);
    expect(result).toEqual({ value: CARD, done: true });
    expect(check).toHaveBeenCalledTimes(4);
  });

  it('rejects with CardCheckTimeout once the next ask would be past timeoutMs', async () => {
    const check = vi.fn<PollOptions['check']>().mockResolvedValue(pending);
    const result = settled(
      pollCardStatus({ check, signal: new AbortController().signal, timeoutMs: 1200 }),
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(result.done).toBe(false);
    // Asked at 0, 500 and 1000 ms; the next would be at 1500 ms, past the 1200 ms allowed.
    await vi.advanceTimersByTimeAsync(1);
    expect(result.done).toBe(true);
    expect(result.error).toBeInstanceOf(CardCheckTimeout);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('stops when aborted while waiting, with the reason', async () => {
    const check = vi.fn<PollOptions['check']>().mockResolvedValue(pending);
    const controller = new AbortController();
    const result = settled(pollCardStatus({ check, signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(CARD_ADD_CHECK_DELAY_MS + 100);
    expect(check).toHaveBeenCalledTimes(2);
    const reason = new Error('left the page');
    controller.abort(reason);
    await vi.advanceTimersByTimeAsync(0);
    expect(result).toEqual({ error: reason, done: true });
    await vi.advanceTimersByTimeAsync(10 * CARD_ADD_CHECK_DELAY_MS);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('stops when aborted during an ask, even for a server fault', async () => {
    const controller = new AbortController();
    const check = vi.fn<PollOptions['check']>((signal) => {
      controller.abort();
      return Promise.reject(
        signal.aborted ? new NetworkError('aborted') : new Error('not aborted'),
      );
    });
    const result = settled(pollCardStatus({ check, signal: controller.signal, faultRetries: 5 }));
    await vi.advanceTimersByTimeAsync(10 * CARD_ADD_CHECK_DELAY_MS);
    expect(result.done).toBe(true);
    expect(result.error).toBeInstanceOf(NetworkError);
    expect(check).toHaveBeenCalledTimes(1);
  });
});
