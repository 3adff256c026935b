import { calls, errorCatalogue } from '@portal/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../../test/api-process';
import { encrypterFor, memberWithPassword } from '../../test/call-helpers';
import { bookingAndPasses, insertPaidBooking } from '../../test/fixtures';
import { raceAtLock } from '../../test/race';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminQuery, waitUntilUnused, withDatabaseName } from '../../test/test-database';
import { PREPARE_LOCK } from '../db/client';
import { attemptLocks } from '../db/schema';
import { loginLockKey } from '../members/password-tries';

/*
 * Two instances of the portal on one PostgreSQL, as a bank would run it behind a load
 * balancer: state that must hold across them (locks, "once" guards) lives in the database,
 * and each instance is a real process (src/server.ts), not a second app in this one.
 * They start at the same moment, as a deployment starts them.
 */
let t: TestApp;
let a: ApiProcess;
let b: ApiProcess;

beforeAll(async () => {
  t = await createTestApp({ poolSize: 12 });
  if (!t.databaseUrl) throw new Error('the race project runs on PostgreSQL');
  // Both or neither: one that started is stopped should the other fail.
  const started = await Promise.allSettled([
    startApiProcess(t.databaseUrl),
    startApiProcess(t.databaseUrl),
  ]);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(started.flatMap((s) => (s.status === 'fulfilled' ? [s.value.stop()] : [])));
    throw failed.reason;
  }
  [a, b] = started.map((s) => (s as PromiseFulfilledResult<ApiProcess>).value) as [
    ApiProcess,
    ApiProcess,
  ];
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await t?.close();
});

const { loginIncorrect, loginLocked, bookingAlreadyCancelled } = errorCatalogue;

describe('two api processes on a new database', () => {
  it('start together: each waits for the migrate-and-seed lock, and both serve', async () => {
    const server = inject('databaseUrl');
    const name = `portal_two_${process.pid}`;
    await adminQuery(server, `CREATE DATABASE ${name}`);
    const url = withDatabaseName(server, name);
    // The test holds the lock first, so both processes are seen waiting for it at once.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [PREPARE_LOCK]);
    const starting = [startApiProcess(url), startApiProcess(url)];
    const started = Promise.allSettled(starting);
    try {
      const deadline = Date.now() + 30_000;
      let waiting = 0;
      while (waiting < 2 && Date.now() < deadline) {
        const { rows } = await holder.query<{ n: number }>(
          `select count(*)::int as n from pg_locks
           where locktype = 'advisory' and not granted and database =
             (select oid from pg_database where datname = current_database())`,
        );
        waiting = rows[0]?.n ?? 0;
        if (waiting < 2) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(waiting).toBe(2);
      await holder.query('select pg_advisory_unlock($1)', [PREPARE_LOCK]);
      const settled = await started;
      for (const start of settled) expect(start.status).toBe('fulfilled');
      for (const start of settled) {
        if (start.status !== 'fulfilled') continue;
        const { body } = await start.value.call(calls.airportListV2, {});
        expect((body.result as unknown[]).length).toBeGreaterThan(0);
      }
    } finally {
      await holder.end();
      const settled = await started;
      await Promise.all(settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.stop()] : [])));
      await waitUntilUnused(server, name);
      await adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }, 120_000);
});

describe('two api processes on one database', () => {
  it('start together on one database, and answer with one login key', async () => {
    const [keyA, keyB] = await Promise.all(
      [a, b].map(async (api) => (await api.call(calls.encryptPublicKey, {})).body.result),
    );
    expect(keyA).toEqual(keyB);
  });

  it('hold one login lock: 10 wrong passwords at once, 5 on each, are judged 5 times and lock both', async () => {
    const email = 'two.processes@example.com';
    await memberWithPassword(t, { email, password: 'Right-Pass-1' });
    // The processes' clocks are the machine's: the lock row is made at the real time.
    await t.app.db.insert(attemptLocks).values({
      key: loginLockKey(email),
      failures: 0,
      windowStartedAt: new Date(),
    });
    const encrypt = await encrypterFor(t);
    const tryOn = (api: ApiProcess, i: number) => () =>
      api.call(calls.genToken, { email, password: encrypt(`Wrong-Pass-${i}`) });
    const { results, waited } = await raceAtLock(t, {
      lock: sql`select key from attempt_locks where key = ${loginLockKey(email)} for update`,
      calls: Array.from({ length: 10 }, (_, i) => tryOn(i % 2 === 0 ? a : b, i)),
    });
    expect(waited).toBe(10);
    const codes = results.map((r) => r.body.errorCode);
    // Four answer "incorrect"; the fifth locks the key and answers with the wait, as the five
    // refused ones do. Two counts of their own would have let through up to ten.
    expect(codes.filter((c) => c === loginIncorrect.code)).toHaveLength(4);
    expect(codes.filter((c) => c === loginLocked.code)).toHaveLength(6);
    // The right password is now refused on both.
    for (const api of [a, b]) {
      const right = await api.call(calls.genToken, { email, password: encrypt('Right-Pass-1') });
      expect(right.body.errorCode).toBe(loginLocked.code);
    }
  });

  it('cancel a booking once when both cancel it at once: one refund, passes back once', async () => {
    const email = 'two.cancels@example.com';
    const user = await memberWithPassword(t, { email, password: 'Cancel-Pass-1' });
    const encrypt = await encrypterFor(t);
    const login = async (api: ApiProcess) => {
      const { body } = await api.call(calls.genToken, {
        email,
        password: encrypt('Cancel-Pass-1'),
      });
      return { authorization: `Bearer ${(body.result as { token: string }).token}` };
    };
    const { booking, dpid } = await insertPaidBooking(
      t.app.db,
      user.id,
      new Date(Date.now() + 25 * 24 * 3600_000),
    );
    const [onA, onB] = [await login(a), await login(b)];
    const cancel = (api: ApiProcess, headers: Record<string, string>) => () =>
      api.call(calls.cancelBooking, { bookingId: booking.reference }, headers);
    const { results, waited } = await raceAtLock(t, {
      lock: sql`select id from bookings where id = ${booking.id} for update`,
      calls: [cancel(a, onA), cancel(b, onB)],
    });
    expect(waited).toBe(2);
    expect(results.map((r) => r.body.errorCode ?? 'ok').sort()).toEqual(
      [bookingAlreadyCancelled.code, 'ok'].sort(),
    );
    expect(await bookingAndPasses(t.app.db, booking.id, dpid)).toMatchObject({
      booking: { status: 'cancelled', passesReturned: 2 },
      passesUsed: 1,
    });
  });
});
