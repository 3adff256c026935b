import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, secondsUntil, useCountdown } from '../use-countdown';

describe('countdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('formats minutes and seconds', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(0)).toBe('0:00');
    expect(secondsUntil(undefined)).toBe(0);
    expect(secondsUntil(10_500, 10_000)).toBe(1);
    expect(secondsUntil(9_000, 10_000)).toBe(0);
  });

  it('ticks each second until the instant, then stops its timer', () => {
    vi.useFakeTimers();
    const { result, unmount } = renderHook(({ until }) => useCountdown(until), {
      initialProps: { until: Date.now() + 3000 },
    });
    expect(result.current).toBe(3);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toBe(2);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    unmount();
  });

  it('cleans up when unmounted', () => {
    vi.useFakeTimers();
    const { unmount } = renderHook(() => useCountdown(Date.now() + 60_000));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
