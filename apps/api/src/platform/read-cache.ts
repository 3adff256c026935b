/*
 * Reads the hot calls repeat (the slot grid, the product a booking page names) kept for a moment
 * in this process (issue 23). What is kept is only ever shown: every decision (a hold, a booking)
 * reads the database itself, in one conditional update, so an answer a moment old can offer a
 * place that is gone (the hold is then refused) but never sell it.
 *
 * An entry is dropped when it is older than its time to live, or when what it was read from has
 * changed since: the writes of this process count each change of their key. A write counts when
 * its statement is done, which inside a transaction is before the commit: a read in between
 * would see the data before the change. So a read made within SETTLE_MS of its key's last change
 * is answered but not kept. Where every writer counts its change again once committed
 * (`countedAgainOnCommit`: the catalogue), such a read is shared by the callers that ask while
 * it is under way, then dropped: a caller after the commit finds a new count and reads anew.
 * This process sees its own changes at once (unless a transaction takes longer than SETTLE_MS
 * to commit after its write: then within the time to live), and another process's within the
 * time to live.
 */

/** The caches' time in ms (performance.now()); tests set their own. */
export const cacheClock = { now: (): number => performance.now() };

/** How long after a change of its key a read is not kept: a transaction's time to commit. */
export const SETTLE_MS = 1000;

/** Counters of changes, by key: a write moves its key's count; a reader compares it. */
export interface Versions {
  /** The current count of the key (0 before any change). */
  of(key: string): number;
  /** Counts a change of the key. */
  moved(key: string): void;
  /** cacheClock's time of the key's last change (-Infinity if none is known). */
  movedAt(key: string): number;
  /**
   * Every writer of these keys counts its change again once it is committed (after its
   * transaction): a read under way since before the commit is then never taken for a later one.
   */
  readonly countedAgainOnCommit: boolean;
}

/** Change counters for many keys, the oldest forgotten past `maxKeys` (then all entries drop). */
export function versions(
  maxKeys = 10_000,
  { countedAgainOnCommit = false }: { countedAgainOnCommit?: boolean } = {},
): Versions {
  const counts = new Map<string, { count: number; at: number }>();
  /**
   * Goes past every count given so far when the keys are forgotten, so that no entry read at an
   * old count can match again; `forgottenAt` stands for the forgotten keys' last changes.
   */
  let base = 0;
  let highest = 0;
  let forgottenAt = Number.NEGATIVE_INFINITY;
  return {
    countedAgainOnCommit,
    of: (key) => base + (counts.get(key)?.count ?? 0),
    movedAt: (key) => counts.get(key)?.at ?? forgottenAt,
    moved(key) {
      const at = cacheClock.now();
      const count = (counts.get(key)?.count ?? 0) + 1;
      counts.set(key, { count, at });
      highest = Math.max(highest, count);
      if (counts.size > maxKeys) {
        counts.clear();
        base += highest + 1;
        highest = 0;
        forgottenAt = at;
      }
    },
  };
}

export interface ReadCache<V> {
  /**
   * The value kept for `key`, if still current for the changes of `versionKey`; else `read()`'s,
   * kept (callers arriving while it is read share that one read) unless `versionKey` changed
   * within SETTLE_MS (then shared while under way if the changes are counted again on commit,
   * never kept). A failed read is not kept.
   */
  get(key: string, versionKey: string, read: () => Promise<V>): Promise<V>;
  /**
   * The value `get` would answer now without a read, once that read has settled: undefined when
   * none is kept for `key` (a read made within SETTLE_MS of a change, a failed one), it is no
   * longer current, or it is still being read (and for a value read as undefined). Reads nothing.
   */
  kept(key: string, versionKey: string): V | undefined;
}

interface Entry<V> {
  version: number;
  at: number;
  value: Promise<V>;
  /** The value, once read. */
  settled?: { value: V };
}

/**
 * Values by key for `ttlMs` each, current while `changes` has not moved their version key; at
 * most `maxEntries` (the oldest dropped first).
 */
export function readCache<V>(ttlMs: number, changes: Versions, maxEntries = 1000): ReadCache<V> {
  const entries = new Map<string, Entry<V>>();
  /** The entry kept for `key` while it is current at `now`, its version key's count `version`. */
  const current = (key: string, version: number, now: number) => {
    const kept = entries.get(key);
    return kept && kept.version === version && now - kept.at < ttlMs ? kept : undefined;
  };
  return {
    kept: (key, versionKey) =>
      current(key, changes.of(versionKey), cacheClock.now())?.settled?.value,
    get(key, versionKey, read) {
      const now = cacheClock.now();
      const version = changes.of(versionKey);
      const kept = current(key, version, now);
      if (kept) return kept.value;
      entries.delete(key);
      const value = read();
      const settling = now - changes.movedAt(versionKey) < SETTLE_MS;
      if (settling && !changes.countedAgainOnCommit) return value;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const entry: Entry<V> = { version, at: now, value };
      entries.set(key, entry);
      const drop = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      // Issue 23: 200 slot-grid readers in the second after a start (the seed's catalogue
      // writes) made 200 reads of the lounge, and so 200 answers.
      if (settling) value.then(drop, drop);
      else value.then((read) => (entry.settled = { value: read }), drop);
      return value;
    },
  };
}
