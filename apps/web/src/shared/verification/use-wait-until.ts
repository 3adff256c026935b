import { useCallback } from 'react';
import { useCountdown, type Wait } from '../lib/use-countdown';
import { storage } from '../storage/storage';
import { useStorageValue } from '../storage/use-storage-value';

/** The lock and busy timers of spec section 3: epoch ms until which the action is refused. */
export type WaitKey = 'lockedAs' | 'busyAs';

/** A wait stored under its key for the tab's session, so a reload keeps it until it ends. */
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
