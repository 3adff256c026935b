import { encodeAnswer, type EncodedAnswer } from '../../platform/encoded-answer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Product list answers of the current minute; the catalogue routes drop them on a change. */
    productLists: ProductListCache;
  }
}

export interface ProductListCache {
  /**
   * The answer for the key in the given minute, built once (callers arriving while it is built
   * share the build). A list says what is open now, in minutes of the airport's local time,
   * which change only when the UTC minute does: every answer is dropped when the minute moves.
   */
  get(key: string, minute: number, build: () => Promise<string>): Promise<EncodedAnswer>;
  /** Whether `answer` is still the one kept for the key in `minute` (not dropped since). */
  holds(key: string, minute: number, answer: EncodedAnswer): boolean;
  /** Drops every answer: the catalogue changed. */
  invalidate(): void;
}

/** Airports × kinds × the filters people use; a flood of odd keywords evicts the oldest. */
export const PRODUCT_LIST_CACHE_ENTRIES = 1000;

export const minuteOf = (now: Date): number => Math.floor(now.getTime() / 60_000);

export function productListCache(maxEntries = PRODUCT_LIST_CACHE_ENTRIES): ProductListCache {
  let currentMinute = Number.NaN;
  const entries = new Map<string, Promise<EncodedAnswer>>();
  /** The built answers of `entries`, by the same keys. */
  const built = new Map<string, EncodedAnswer>();
  const drop = (key: string) => {
    entries.delete(key);
    built.delete(key);
  };
  return {
    get(key, minute, build) {
      if (minute !== currentMinute) {
        entries.clear();
        built.clear();
        currentMinute = minute;
      }
      const cached = entries.get(key);
      if (cached) return cached;
      if (entries.size >= maxEntries) drop(entries.keys().next().value!);
      const entry = build().then((body) => {
        const answer = encodeAnswer(body, 'often');
        if (entries.get(key) === entry) built.set(key, answer);
        return answer;
      });
      entries.set(key, entry);
      // A failed build is not kept: the next caller tries again.
      entry.catch(() => {
        if (entries.get(key) === entry) drop(key);
      });
      return entry;
    },
    holds: (key, minute, answer) => minute === currentMinute && built.get(key) === answer,
    invalidate() {
      entries.clear();
      built.clear();
    },
  };
}
