import { useCallback } from 'react';
import { useCountdown, type Wait } from '../lib/use-countdown';
import { storage } from '../storage/storage';
import { useStorageValue } from '../storage/use-storage-value';

/** The lock and busy timers of spec section 3: epoch ms until which the action is refused. */
export type WaitKey = 'lockedAs' | 'busyAs' | 'newTimeAs' | 'newMobileBusy' | 'newEmailBusy';

/** Stores a wait of result.time seconds (or the fallback) under its key. */
export function startWait(
  key: WaitKey,
  seconds: number | undefined,
  fallbackSeconds: number,
): void {
  storage.set(key, Date.now() + (seconds ?? fallbackSeconds) * 1000);
}

/** A wait stored under its key for the tab's session, so a reload keeps it until it ends. */
export function useWaitUntil(key: WaitKey, fallbackSeconds: number): Wait {
  const until = useStorageValue(key);
  const secondsLeft = useCountdown(until);
  const start = useCallback(
    (seconds: number | undefined) => startWait(key, seconds, fallbackSeconds),
    [key, fallbackSeconds],
  );
  return { secondsLeft, start };
}
