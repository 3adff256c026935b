import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  admitAttempt,
  clearAttempts,
  forgiveAttempts,
  judgeTry,
  lockedFor,
  recordAttempt,
} from '../attempt-locks';

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

  it('forget a key when cleared, and answer 0 for a key never seen', async () => {
    const key = 'test:clear';
    for (let i = 0; i < 3; i++) await recordAttempt(t.app.db, key, policy, t.clock.now());
    await clearAttempts(t.app.db, key);
    expect(await lockedFor(t.app.db, key, t.clock.now())).toBe(0);
    expect(await lockedFor(t.app.db, 'test:never', t.clock.now())).toBe(0);
  });

  it('keep a running lock that outlasts its window', async () => {
    const key = 'test:long-lock';
    const long = { max: 2, windowSeconds: 60, lockSeconds: 600 };
    await recordAttempt(t.app.db, key, long, t.clock.now());
    await recordAttempt(t.app.db, key, long, t.clock.now());
    t.clock.advance(120_000);
    expect(await admitAttempt(t.app.db, key, long, t.clock.now())).toEqual({
      admitted: false,
      lockedFor: 480,
    });
  });
});

describe('admitting tries', () => {
  it('admit max tries, the last one locking, and refuse the rest with the seconds left', async () => {
    const key = 'admit:burst';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await admitAttempt(t.app.db, key, policy, t.clock.now()));
    expect(answers).toEqual([
      { admitted: true, attempt: 1, lockedFor: 0 },
      { admitted: true, attempt: 2, lockedFor: 0 },
      { admitted: true, attempt: 3, lockedFor: 300 },
      { admitted: false, lockedFor: 300 },
      { admitted: false, lockedFor: 300 },
    ]);
  });

  it('forgive a right try and those before it, keeping the tries counted after it', async () => {
    const key = 'admit:forgive';
    await admitAttempt(t.app.db, key, policy, t.clock.now());
    const right = await admitAttempt(t.app.db, key, policy, t.clock.now());
    const later = await admitAttempt(t.app.db, key, policy, t.clock.now());
    expect(later).toEqual({ admitted: true, attempt: 3, lockedFor: 300 });
    if (!right.admitted) throw new Error('the second try was refused');
    await forgiveAttempts(t.app.db, key, right.attempt);
    // The third try (still being judged when the second was right) keeps its lock.
    expect(await lockedFor(t.app.db, key, t.clock.now())).toBe(300);
    expect(await admitAttempt(t.app.db, key, policy, t.clock.now())).toMatchObject({
      admitted: false,
    });
  });

  it('clear the count when the last try made was right, its own lock included', async () => {
    const key = 'admit:last-right';
    for (let i = 0; i < 2; i++) await admitAttempt(t.app.db, key, policy, t.clock.now());
    const outcome = await judgeTry(t.app.db, key, policy, t.clock.now(), () =>
      Promise.resolve(true),
    );
    expect(outcome).toEqual({ outcome: 'right' });
    expect(await lockedFor(t.app.db, key, t.clock.now())).toBe(0);
    expect(await admitAttempt(t.app.db, key, policy, t.clock.now())).toEqual({
      admitted: true,
      attempt: 1,
      lockedFor: 0,
    });
  });

  it('never judge a refused try', async () => {
    const key = 'admit:refused';
    for (let i = 0; i < 3; i++) await admitAttempt(t.app.db, key, policy, t.clock.now());
    let judged = false;
    const outcome = await judgeTry(t.app.db, key, policy, t.clock.now(), () => {
      judged = true;
      return Promise.resolve(true);
    });
    expect(outcome).toEqual({ outcome: 'refused', lockedFor: 300 });
    expect(judged).toBe(false);
  });
});
