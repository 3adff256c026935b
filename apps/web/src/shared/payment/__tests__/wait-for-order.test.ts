import type { OrderState } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@/shared/api/api-errors';
import { settled } from '@/testing/settled';
import {
  OrderStillPending,
  waitForOrder,
  type WaitForOrderOptions,
} from '@/shared/payment/wait-for-order';

const order = (outcome: OrderState['outcome']): OrderState => ({
  orderId: 'o1',
  reference: 'OR12345678',
  outcome,
  lines: [],
  amount: 12500,
  currency: 'GBP',
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waitForOrder', () => {
  it('asks again while the order is pending, backing off, and answers it once final', async () => {
    const check = vi.fn<WaitForOrderOptions<OrderState>['check']>();
    check
      .mockResolvedValueOnce(order('authenticate'))
      .mockResolvedValueOnce(order('pending'))
      .mockResolvedValueOnce(order('pending'))
      .mockResolvedValue(order('fulfilled'));
    const result = settled(waitForOrder({ check, signal: new AbortController().signal }));
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    // 500 ms, then 750, then 1125: each wait half as long again.
    await vi.advanceTimersByTimeAsync(500);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(749);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1125);
    expect(result).toEqual({ value: order('fulfilled'), done: true });
    expect(check).toHaveBeenCalledTimes(4);
  });

  it('answers a failed order as final', async () => {
    const check = vi
      .fn<WaitForOrderOptions<OrderState>['check']>()
      .mockResolvedValue(order('failed'));
    const result = settled(waitForOrder({ check, signal: new AbortController().signal }));
    await vi.advanceTimersByTimeAsync(0);
    expect(result.value?.outcome).toBe('failed');
  });

  it('gives up with OrderStillPending after the time-out, never waiting longer than maxDelayMs', async () => {
    const check = vi
      .fn<WaitForOrderOptions<OrderState>['check']>()
      .mockResolvedValue(order('pending'));
    const result = settled(
      waitForOrder({ check, signal: new AbortController().signal, timeoutMs: 20_000 }),
    );
    await vi.advanceTimersByTimeAsync(20_000);
    expect(result.error).toBeInstanceOf(OrderStillPending);
    expect((result.error as OrderStillPending).last?.outcome).toBe('pending');
    // 500, 750, 1125, 1688, 2531, 3797, then 5000 each: 8 asks in 20 s.
    expect(check).toHaveBeenCalledTimes(8);
  });

  it('rides out a few faults in a row, but not a business error', async () => {
    const check = vi.fn<WaitForOrderOptions<OrderState>['check']>();
    check
      .mockRejectedValueOnce(new NetworkError(new Error('offline')))
      .mockRejectedValueOnce(new NetworkError(new Error('offline')))
      .mockResolvedValue(order('fulfilled'));
    const ok = settled(waitForOrder({ check, signal: new AbortController().signal }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(ok.value?.outcome).toBe('fulfilled');

    const notFound = new ApiError({ name: 'notFound', code: '10004', message: 'Not found' });
    const refused = settled(
      waitForOrder({
        check: vi.fn<WaitForOrderOptions<OrderState>['check']>().mockRejectedValue(notFound),
        signal: new AbortController().signal,
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(refused.error).toBe(notFound);
  });

  it('stops when the page goes away', async () => {
    const abort = new AbortController();
    const check = vi
      .fn<WaitForOrderOptions<OrderState>['check']>()
      .mockResolvedValue(order('pending'));
    const result = settled(waitForOrder({ check, signal: abort.signal }));
    await vi.advanceTimersByTimeAsync(0);
    abort.abort(new Error('left'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect((result.error as Error).message).toBe('left');
    expect(check).toHaveBeenCalledTimes(1);
  });
});
