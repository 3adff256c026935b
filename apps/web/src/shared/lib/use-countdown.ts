import { useCallback, useSyncExternalStore } from 'react';

const TICK_MS = 1000;

/** Whole seconds from now until the instant, never below 0. */
export function secondsUntil(untilEpochMs: number | undefined, now = Date.now()): number {
  if (untilEpochMs === undefined) return 0;
  return Math.max(0, Math.ceil((untilEpochMs - now) / 1000));
}

/** "4:05": minutes and seconds, as a lock or wait counts down. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The seconds left until an instant (epoch ms), re-rendering each second until it is reached.
 * 0 when the instant is undefined or past.
 */
export function useCountdown(untilEpochMs: number | undefined): number {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (secondsUntil(untilEpochMs) === 0) return () => undefined;
      const timer = window.setInterval(() => {
        onChange();
        if (secondsUntil(untilEpochMs) === 0) window.clearInterval(timer);
      }, TICK_MS);
      return () => window.clearInterval(timer);
    },
    [untilEpochMs],
  );
  const getSnapshot = useCallback(() => secondsUntil(untilEpochMs), [untilEpochMs]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
