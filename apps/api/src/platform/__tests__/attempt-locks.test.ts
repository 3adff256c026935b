import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { clearAttempts, lockedFor, recordAttempt } from '../attempt-locks';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-01T12:00:00Z' });
});
afterAll(() => t.close());

const policy = { max: 3, windowSeconds: 600, lockSeconds: 300 };

describe('attempt locks', () => {
  it('lock a key on the max-th attempt within the window, for the lock time', async () => {
    const key = 'test:lock';
    expect(await recordAttempt(t.app.db, key, policy, t.clock.now())).toEqual({
      attempts: 1,
      lockedFor: 0,
    });
    t.clock.advance(10_000);
    expect((await recordAttempt(t.app.db, key, policy, t.clock.now())).lockedFor).toBe(0);
    t.clock.advance(10_000);
    expect(await recordAttempt(t.app.db, key, policy, t.clock.now())).toEqual({
      attempts: 3,
      lockedFor: 300,
    });
    t.clock.advance(100_000);
    expect(await lockedFor(t.app.db, key, t.clock.now())).toBe(200);
  });

  it('do not extend a running lock when tried again', async () => {
    const key = 'test:no-extend';
    for (let i = 0; i < 3; i++) await recordAttempt(t.app.db, key, policy, t.clock.now());
    t.clock.advance(60_000);
    const again = await recordAttempt(t.app.db, key, policy, t.clock.now());
    expect(again).toEqual({ attempts: 4, lockedFor: 240 });
  });

  it('free the key when the lock ends, and count afresh', async () => {
    const key = 'test:ends';
    for (let i = 0; i < 3; i++) await recordAttempt(t.app.db, key, policy, t.clock.now());
    t.clock.advance(300_000);
    expect(await lockedFor(t.app.db, key, t.clock.now())).toBe(0);
    expect(await recordAttempt(t.app.db, key, policy, t.clock.now())).toEqual({
      attempts: 1,
      lockedFor: 0,
    });
  });

  it('start a new count when the window has passed', async () => {
    const key = 'test:window';
    await recordAttempt(t.app.db, key, policy, t.clock.now());
    await recordAttempt(t.app.db, key, policy, t.clock.now());
    t.clock.advance(601_000);
    expect((await recordAttempt(t.app.db, key, policy, t.clock.now())).attempts).toBe(1);
  });

  it('count every one of many attempts made at once', async () => {
    const key = 'test:concurrent';
    const big = { max: 100, windowSeconds: 600, lockSeconds: 60 };
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.db.transaction((tx) => recordAttempt(tx, key, big, t.clock.now())),
      ),
    );
    expect((await recordAttempt(t.app.db, key, big, t.clock.now())).attempts).toBe(21);
  });

  it('forget a key when cleared, and answer 0 for a key never seen', async () => {
    const key = 'test:clear';
    for (let i = 0; i < 3; i++) await recordAttempt(t.app.db, key, policy, t.clock.now());
    await clearAttempts(t.app.db, key);
    expect(await lockedFor(t.app.db, key, t.clock.now())).toBe(0);
    expect(await lockedFor(t.app.db, 'test:never', t.clock.now())).toBe(0);
  });
});
