import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../src/db/client';
import type { TestApp } from './test-app';

/*
 * Forced races. A race test must make its calls overlap at the point that matters: each has
 * read what it decides on, and none has written yet. Hoping for it (Promise.all) rarely makes
 * it happen; a lock makes it happen every time:
 *
 * 1. A transaction of the test's own takes a row lock (`lock`, e.g. `select ... for update`
 *    of the booking two cancels fight over).
 * 2. The calls start. Each reads (plain reads do not wait for row locks) and then queues at its
 *    first write of that row, inside its own transaction.
 * 3. Once every call waits behind the test's transaction (PostgreSQL's `pg_blocking_pids`) or has
 *    already answered, the test may write as a competing transaction would (`whileHeld`), and
 *    commits: the waiting calls go on, all having read the row as it was before any of them
 *    wrote. A guard such as `where status = 'booked'` is what then tells them apart.
 *
 * PostgreSQL only (PGlite runs one transaction at a time): race tests are `*.race.test.ts`,
 * run by the race project on a real server. The app needs a connection per call plus one for
 * the test (`createTestApp({ poolSize })`).
 */

export interface RaceOptions<T> {
  /**
   * Takes the row lock the calls will queue on: a statement (`select ... for update`), or work
   * in the test's transaction whose uncommitted writes the calls will wait for (e.g. the row a
   * unique key makes them wait on).
   */
  lock: SQL | ((tx: Tx) => Promise<unknown>);
  /** The calls to run at once. */
  calls: (() => Promise<T>)[];
  /** Runs in the test's transaction once every call waits, before the lock is released. */
  whileHeld?: (tx: Tx) => Promise<void>;
  timeoutMs?: number;
}

export interface RaceOutcome<T> {
  results: T[];
  /** How many calls were seen waiting on the test's lock at once. */
  waited: number;
}

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/** Runs `calls` at once, all held at their first write to the locked row, then releases them. */
export async function raceAtLock<T>(t: TestApp, options: RaceOptions<T>): Promise<RaceOutcome<T>> {
  if (!t.databaseUrl) throw new Error('a race needs PostgreSQL: name the test *.race.test.ts');
  const { lock, calls, whileHeld, timeoutMs = 15_000 } = options;
  const wanted = calls.length;
  let running: Promise<T[]> | undefined;
  let waited = 0;
  try {
    await hold();
  } catch (err) {
    // The calls were let go with the rollback: they finish before the test goes on.
    if (running) await Promise.allSettled([running]);
    throw err;
  }
  if (!running) throw new Error('the calls were not started');
  return { results: await running, waited };

  async function hold() {
    await t.app.db.transaction(async (tx) => {
      if (typeof lock === 'function') await lock(tx);
      else await tx.execute(lock);
      const [me] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
      if (!me) throw new Error('no backend pid');
      let answered = 0;
      running = Promise.all(
        calls.map((call) =>
          call().finally(() => {
            answered += 1;
          }),
        ),
      );
      // Should a call fail, the release below still happens; its error is the test's to see.
      running.catch(() => {});
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // The activity view is a snapshot, taken once per transaction unless cleared.
        await tx.execute(sql`select pg_stat_clear_snapshot()`);
        const [row] = rowsOf<{ n: number }>(
          await tx.execute(
            // Behind the first waiter, the others queue on its tuple lock: count the whole chain.
            sql`with recursive behind(pid) as (
                select pid from pg_stat_activity where ${me.pid}::int = any(pg_blocking_pids(pid))
                union
                select a.pid from pg_stat_activity a, behind b
                where b.pid = any(pg_blocking_pids(a.pid)))
              select count(*)::int as n from behind`,
          ),
        );
        waited = Math.max(waited, row?.n ?? 0);
        if ((row?.n ?? 0) >= wanted || (row?.n ?? 0) + answered >= calls.length) break;
        if (Date.now() > deadline) {
          throw new Error(
            `only ${row?.n ?? 0} of ${wanted} calls reached the lock (${answered} answered) ` +
              `within ${timeoutMs} ms: is the pool big enough, and do they write that row?`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await whileHeld?.(tx);
    });
  }
}
