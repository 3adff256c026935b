import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cacheClock, readCache, SETTLE_MS, versions } from '../read-cache';

/** The caches' time, moved by the tests. */
const realClock = cacheClock.now;
let time = 0;
beforeEach(() => {
  time = 1_000_000;
  cacheClock.now = () => time;
});
afterEach(() => {
  cacheClock.now = realClock;
});
const later = (ms: number) => {
  time = 1_000_000 + ms;
};

const counter = () => {
  const read = vi.fn(() => Promise.resolve(`read ${read.mock.calls.length}`));
  return read;
};

describe('readCache', () => {
  it('reads once for every caller while current, again once its key has changed', async () => {
    later(0);
    const changes = versions();
    const cache = readCache<string>(1000, changes);
    const read = counter();
    const first = await Promise.all([1, 2, 3].map(() => cache.get('k', 'v', read)));
    expect(first).toEqual(['read 1', 'read 1', 'read 1']);
    expect(await cache.get('k', 'v', read)).toBe('read 1');

    changes.moved('other');
    expect(await cache.get('k', 'v', read)).toBe('read 1');
    changes.moved('v');
    later(SETTLE_MS);
    expect(await cache.get('k', 'v', read)).toBe('read 2');
    expect(await cache.get('k', 'v', read)).toBe('read 2');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps no read made within SETTLE_MS of a change (it may predate the commit)', async () => {
    later(0);
    const changes = versions();
    const cache = readCache<string>(60_000, changes);
    const read = counter();
    changes.moved('v');
    later(SETTLE_MS - 1);
    expect(await cache.get('k', 'v', read)).toBe('read 1');
    expect(await cache.get('k', 'v', read)).toBe('read 2');
    later(SETTLE_MS);
    expect(await cache.get('k', 'v', read)).toBe('read 3');
    expect(await cache.get('k', 'v', read)).toBe('read 3');
  });

  /** A read that answers when the test says. */
  const held = () => {
    const answers: ((value: string) => void)[] = [];
    const read = vi.fn(() => new Promise<string>((resolve) => answers.push(resolve)));
    return { read, answer: (i: number, value: string) => answers[i]!(value) };
  };

  it('shares a read within SETTLE_MS among the callers asking while it is under way, where changes are counted again on commit', async () => {
    later(0);
    const changes = versions(10_000, { countedAgainOnCommit: true });
    const cache = readCache<string>(60_000, changes);
    const { read, answer } = held();
    changes.moved('v');
    later(SETTLE_MS - 1);
    const asked = [1, 2, 3].map(() => cache.get('k', 'v', read));
    expect(read).toHaveBeenCalledTimes(1);
    answer(0, 'under way');
    expect(await Promise.all(asked)).toEqual(['under way', 'under way', 'under way']);
    // Once in, not kept: the next caller reads again.
    expect(await cache.get('k', 'v', () => Promise.resolve('again'))).toBe('again');
  });

  it('does not share a read under way past a change counted since it began (the commit)', async () => {
    later(0);
    const changes = versions(10_000, { countedAgainOnCommit: true });
    const cache = readCache<string>(60_000, changes);
    const { read, answer } = held();
    changes.moved('v');
    const before = cache.get('k', 'v', read);
    changes.moved('v');
    const after = cache.get('k', 'v', read);
    expect(read).toHaveBeenCalledTimes(2);
    answer(0, 'before the commit');
    answer(1, 'after the commit');
    expect(await before).toBe('before the commit');
    expect(await after).toBe('after the commit');
  });

  it('shares no read within SETTLE_MS where changes are counted only as written (the places)', async () => {
    later(0);
    const changes = versions();
    const cache = readCache<string>(60_000, changes);
    const { read, answer } = held();
    changes.moved('v');
    const asked = [1, 2].map(() => cache.get('k', 'v', read));
    expect(read).toHaveBeenCalledTimes(2);
    answer(0, 'one');
    answer(1, 'two');
    expect(await Promise.all(asked)).toEqual(['one', 'two']);
  });

  it('reads again once the time to live has passed', async () => {
    later(0);
    const cache = readCache<string>(1000, versions());
    const read = counter();
    expect(await cache.get('k', 'v', read)).toBe('read 1');
    later(999);
    expect(await cache.get('k', 'v', read)).toBe('read 1');
    later(1000);
    expect(await cache.get('k', 'v', read)).toBe('read 2');
  });

  it('keeps no failed read: the next caller reads again', async () => {
    const cache = readCache<string>(1000, versions());
    await expect(cache.get('k', 'v', () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.get('k', 'v', () => Promise.resolve('up'))).toBe('up');
  });

  it('says what it keeps without reading: once read, while current, never a read not kept', async () => {
    later(0);
    const changes = versions();
    const cache = readCache<string>(1000, changes);
    const { read, answer } = held();
    expect(cache.kept('k', 'v')).toBeUndefined();
    const asked = cache.get('k', 'v', read);
    expect(cache.kept('k', 'v')).toBeUndefined(); // still being read
    answer(0, 'one');
    await asked;
    expect(cache.kept('k', 'v')).toBe('one');
    expect(read).toHaveBeenCalledTimes(1);
    later(999);
    expect(cache.kept('k', 'v')).toBe('one');
    later(1000);
    expect(cache.kept('k', 'v')).toBeUndefined(); // past its time to live
    const again = cache.get('k', 'v', read);
    answer(1, 'two');
    await again;
    expect(cache.kept('k', 'v')).toBe('two');
    changes.moved('v');
    expect(cache.kept('k', 'v')).toBeUndefined(); // its key changed
    // A read within SETTLE_MS of the change is answered, not kept.
    const settling = cache.get('k', 'v', read);
    answer(2, 'three');
    expect(await settling).toBe('three');
    expect(cache.kept('k', 'v')).toBeUndefined();
    // Nor one shared while under way where changes are counted again on commit (the catalogue).
    const onCommit = versions(10_000, { countedAgainOnCommit: true });
    const catalogue = readCache<string>(1000, onCommit);
    onCommit.moved('v');
    const shared = catalogue.get('k', 'v', read);
    expect(catalogue.kept('k', 'v')).toBeUndefined();
    answer(3, 'four');
    expect(await shared).toBe('four');
    expect(catalogue.kept('k', 'v')).toBeUndefined();
    // A failed read is not kept either.
    later(1000 + SETTLE_MS);
    await expect(cache.get('k', 'v', () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(cache.kept('k', 'v')).toBeUndefined();
  });

  it('keeps at most its number of entries, the oldest dropped first', async () => {
    const cache = readCache<string>(60_000, versions(), 2);
    const read = counter();
    await cache.get('a', 'v', read);
    await cache.get('b', 'v', read);
    await cache.get('c', 'v', read);
    expect(await cache.get('c', 'v', read)).toBe('read 3');
    expect(await cache.get('b', 'v', read)).toBe('read 2');
    expect(await cache.get('a', 'v', read)).toBe('read 4');
  });
});

describe('versions', () => {
  it("moves a key's count alone; forgetting keys past the limit moves every count", () => {
    const v = versions(2);
    v.moved('a');
    v.moved('a');
    v.moved('b');
    expect([v.of('a'), v.of('b'), v.of('c')]).toEqual([2, 1, 0]);
    const changedAt = v.movedAt('a');
    expect(v.movedAt('c')).toBe(Number.NEGATIVE_INFINITY);
    v.moved('c'); // a third key: all are forgotten
    // Above every count any key has had, so nothing read at an old count is current again, and
    // each key's last change is no earlier than the forgetting.
    for (const key of ['a', 'b', 'c']) {
      expect(v.of(key)).toBeGreaterThan(2);
      expect(v.movedAt(key)).toBeGreaterThanOrEqual(changedAt);
    }
  });
});
