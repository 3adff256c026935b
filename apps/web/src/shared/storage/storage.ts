import { storageKeys, type StorageArea } from './storage-keys';
import type { StorageKey, StorageValues } from './storage-types';

type Listener = (key: StorageKey | null) => void;

const listeners = new Set<Listener>();

const areaOf = (area: StorageArea): Storage | undefined => {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
};

const parse = (raw: string): unknown => {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    // Plain strings written by an older build or by hand.
    return raw;
  }
};

const notify = (key: StorageKey | null) => {
  for (const listener of listeners) listener(key);
};

/** The raw text stored for a key, for cheap change detection. */
export function readRaw(key: StorageKey): string | null {
  try {
    return areaOf(storageKeys[key].area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function decode<K extends StorageKey>(
  key: K,
  raw: string | null,
): StorageValues[K] | undefined {
  if (raw === null) return undefined;
  const value = parse(raw);
  return storageKeys[key].accepts(value) ? value : undefined;
}

const snapshots = new Map<StorageKey, { raw: string | null; value: unknown }>();

/** The decoded value, the same object while the stored text is unchanged (for useSyncExternalStore). */
export function snapshot<K extends StorageKey>(key: K): StorageValues[K] | undefined {
  const raw = readRaw(key);
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) return cached.value as StorageValues[K] | undefined;
  const value = decode(key, raw);
  snapshots.set(key, { raw, value });
  return value;
}

/** Typed access to the client storage keys of spec section 3. */
export const storage = {
  get<K extends StorageKey>(key: K): StorageValues[K] | undefined {
    return decode(key, readRaw(key));
  },
  set<K extends StorageKey>(key: K, value: StorageValues[K]): void {
    try {
      areaOf(storageKeys[key].area)?.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or blocked: the app keeps working without persistence.
    }
    notify(key);
  },
  remove(...keys: StorageKey[]): void {
    for (const key of keys) {
      try {
        areaOf(storageKeys[key].area)?.removeItem(key);
      } catch {
        // Nothing to remove when storage is blocked.
      }
    }
    for (const key of keys) notify(key);
  },
};

/** Calls back on every change made here, and on changes from other tabs (key null = cleared). */
export function subscribeStorage(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null) listener(null);
    else if (event.key in storageKeys) listener(event.key as StorageKey);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
