import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceAtLock } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { attemptLocks } from '../../db/schema';
import { admitAttempt, recordAttempt } from '../attempt-locks';

const NOW = new Date('2026-03-01T12:00:00Z');
const RACERS = 20;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString(), poolSize: RACERS + 2 });
});
afterAll(() => t.close());

/** Runs `attempt` in RACERS transactions at once, all held where they write the key's row. */
async function atOnce<T>(
  key: string,
  attempt: (tx: Parameters<typeof recordAttempt>[0]) => Promise<T>,
) {
  await t.app.db.insert(attemptLocks).values({ key, failures: 0, windowStartedAt: NOW });
  const { results, waited } = await raceAtLock(t, {
    lock: sql`select key from attempt_locks where key = ${key} for update`,
    calls: Array.from({ length: RACERS }, () => () => t.app.db.transaction(attempt)),
  });
  expect(waited).toBe(RACERS);
  return results;
}

describe('guard: attempts are counted in one statement (the upsert of attempt-locks.ts)', () => {
  it(`counts every one of ${RACERS} attempts made at once`, async () => {
    const big = { max: 100, windowSeconds: 600, lockSeconds: 60 };
    const counted = await atOnce('race:count', (tx) => recordAttempt(tx, 'race:count', big, NOW));
    expect(counted.map((c) => c.attempts).sort((a, b) => a - b)).toEqual(
      Array.from({ length: RACERS }, (_, i) => i + 1),
    );
    expect((await recordAttempt(t.app.db, 'race:count', big, NOW)).attempts).toBe(RACERS + 1);
  });

  it(`admits exactly max of ${RACERS} tries made at once, and locks the key`, async () => {
    const policy = { max: 5, windowSeconds: 600, lockSeconds: 300 };
    const admissions = await atOnce('race:admit', (tx) =>
      admitAttempt(tx, 'race:admit', policy, NOW),
    );
    expect(admissions.filter((a) => a.admitted)).toHaveLength(5);
    for (const refused of admissions.filter((a) => !a.admitted)) {
      expect(refused.lockedFor).toBe(300);
    }
  });
});
