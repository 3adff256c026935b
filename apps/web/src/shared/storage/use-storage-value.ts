import { useCallback, useSyncExternalStore } from 'react';
import { snapshot, subscribeStorage } from './storage';
import type { StorageKey, StorageValues } from './storage-types';

/** A storage value that re-renders its reader whenever it changes, in this tab or another. */
export function useStorageValue<K extends StorageKey>(key: K): StorageValues[K] | undefined {
  const subscribe = useCallback(
    (onChange: () => void) =>
      subscribeStorage((changed) => {
        if (changed === null || changed === key) onChange();
      }),
    [key],
  );
  const getSnapshot = useCallback(() => snapshot(key), [key]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
