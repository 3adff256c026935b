import { performance } from 'node:perf_hooks';

/*
 * Reads the hot calls repeat (the slot grid, the product a booking page names) kept for a moment
 * in this process (issue 23). What is kept is only ever shown: every decision (a hold, a booking)
 * is still one conditional update in the database, so an answer a moment old can offer a place
 * that is gone (the hold is then refused) but never sell it.
 *
 * Each entry is dropped when it is older than its time to live, or when the version of what it
 * was read from has moved: the writes of this process move it (after their statement), so this
 * process sees its own changes at once; another process's changes are seen within the time to
 * live.
 */

/** Counters of changes, by key: a write moves its key's count; a reader compares it. */
export interface Versions {
  /** The current count of the key (0 before any change). */
  of(key: string): number;
  /** Counts a change of the key. */
  moved(key: string): void;
}

/** Change counters for many keys, the oldest forgotten past `maxKeys` (then all entries drop). */
export function versions(maxKeys = 10_000): Versions {
  const counts = new Map<string, number>();
  /**
   * Goes past every count given so far when the keys are forgotten, so that no entry read at an
   * old count can match again.
   */
  let base = 0;
  let highest = 0;
  return {
    of: (key) => base + (counts.get(key) ?? 0),
    moved(key) {
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      highest = Math.max(highest, count);
      if (counts.size > maxKeys) {
        counts.clear();
        base += highest + 1;
        highest = 0;
      }
    },
  };
}

export interface ReadCache<V> {
  /**
   * The value kept for the key, if still current; else `read()`'s, kept (callers arriving while
   * it is read share that one read). A failed read is not kept.
   */
  get(key: string, version: number, read: () => Promise<V>): Promise<V>;
}

interface Entry<V> {
  version: number;
  at: number;
  value: Promise<V>;
}

/** Values by key for `ttlMs` each, at most `maxEntries` (the oldest dropped first). */
export function readCache<V>(ttlMs: number, maxEntries = 1000): ReadCache<V> {
  const entries = new Map<string, Entry<V>>();
  return {
    get(key, version, read) {
      const now = performance.now();
      const kept = entries.get(key);
      if (kept && kept.version === version && now - kept.at < ttlMs) return kept.value;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const entry: Entry<V> = { version, at: now, value: read() };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
  };
}
