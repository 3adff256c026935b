import { useCallback } from 'react';
import { useCountdown } from '../lib/use-countdown';
import { storage } from '../storage/storage';
import { useStorageValue } from '../storage/use-storage-value';

/** The lock and busy timers of spec section 3: epoch ms until which the action is refused. */
export type WaitKey = 'lockedAs' | 'busyAs';

export interface Wait {
  /** Seconds left; 0 when not waiting. */
  secondsLeft: number;
  /** Starts the wait for result.time seconds (or the fallback), kept for the tab's session. */
  start: (seconds: number | undefined) => void;
}

/** A wait stored under its key, so a reload keeps it until it ends. */
export function useWaitUntil(key: WaitKey, fallbackSeconds: number): Wait {
  const until = useStorageValue(key);
  const secondsLeft = useCountdown(until);
  const start = useCallback(
    (seconds: number | undefined) => {
      storage.set(key, Date.now() + (seconds ?? fallbackSeconds) * 1000);
    },
    [key, fallbackSeconds],
  );
  return { secondsLeft, start };
}
