import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCache, versions } from '../read-cache';

/** performance.now() moved on by `ms` from here on (the caches' own time). */
function later(ms: number) {
  const now = performance.now();
  vi.spyOn(performance, 'now').mockReturnValue(now + ms);
}
afterEach(() => vi.restoreAllMocks());

describe('readCache', () => {
  it('reads once for every caller while current, again once the version moves', async () => {
    const cache = readCache<number>(1000);
    const read = vi.fn(async () => read.mock.calls.length);
    const first = await Promise.all([1, 2, 3].map(() => cache.get('k', 0, read)));
    expect(first).toEqual([1, 1, 1]);
    expect(await cache.get('k', 0, read)).toBe(1);
    expect(read).toHaveBeenCalledTimes(1);

    expect(await cache.get('k', 1, read)).toBe(2);
    expect(await cache.get('other', 1, read)).toBe(3);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('reads again once the time to live has passed', async () => {
    const cache = readCache<string>(1000);
    const read = vi.fn(async () => `read ${read.mock.calls.length}`);
    expect(await cache.get('k', 0, read)).toBe('read 1');
    later(999);
    expect(await cache.get('k', 0, read)).toBe('read 1');
    later(1000);
    expect(await cache.get('k', 0, read)).toBe('read 2');
  });

  it('keeps no failed read: the next caller reads again', async () => {
    const cache = readCache<string>(1000);
    await expect(cache.get('k', 0, () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.get('k', 0, async () => 'up')).toBe('up');
  });

  it('keeps at most its number of entries, the oldest dropped first', async () => {
    const cache = readCache<string>(60_000, 2);
    const read = vi.fn(async () => `read ${read.mock.calls.length}`);
    await cache.get('a', 0, read);
    await cache.get('b', 0, read);
    await cache.get('c', 0, read);
    expect(await cache.get('c', 0, read)).toBe('read 3');
    expect(await cache.get('b', 0, read)).toBe('read 2');
    expect(await cache.get('a', 0, read)).toBe('read 4');
  });
});

describe('versions', () => {
  it("moves a key's count alone; forgetting keys past the limit moves every count", () => {
    const v = versions(2);
    v.moved('a');
    v.moved('a');
    v.moved('b');
    expect([v.of('a'), v.of('b'), v.of('c')]).toEqual([2, 1, 0]);
    v.moved('c'); // a third key: all are forgotten
    // Above every count any key has had, so nothing read at an old count is current again.
    for (const key of ['a', 'b', 'c']) expect(v.of(key)).toBeGreaterThan(2);
  });
});
