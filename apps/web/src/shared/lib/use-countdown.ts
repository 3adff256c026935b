import { useCallback, useState, useSyncExternalStore } from 'react';

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

/** A wait that refuses an action for a while (a lock, a busy server). */
export interface Wait {
  /** Seconds left; 0 when not waiting. */
  secondsLeft: number;
  /** Starts the wait for result.time seconds, or the fallback. */
  start: (seconds: number | undefined) => void;
}

/** A wait held by the screen only (e.g. the login lock): a reload forgets it. */
export function useWait(fallbackSeconds: number): Wait {
  const [until, setUntil] = useState<number>();
  const secondsLeft = useCountdown(until);
  const start = useCallback(
    (seconds: number | undefined) => setUntil(Date.now() + (seconds ?? fallbackSeconds) * 1000),
    [fallbackSeconds],
  );
  return { secondsLeft, start };
}
