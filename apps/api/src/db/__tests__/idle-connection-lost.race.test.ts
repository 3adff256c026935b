import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { calls } from '@portal/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';

/*
 * PostgreSQL restarts, fails over, or an administrator ends sessions: the pool's idle
 * connections die. The API must go on (a new connection at the next query), not end the
 * process on an unheard 'error' event.
 */
describe('a pooled connection lost while idle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ poolSize: 4 });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  it('is reported, and the next calls are answered on a new connection', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Several connections sit idle in the pool.
    await Promise.all(
      Array.from({ length: 4 }, () => t.app.db.execute(sql`select pg_sleep(0.05)`)),
    );
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      const ended = await admin.query<{ n: string }>(
        `select count(pg_terminate_backend(pid)) as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(Number(ended.rows[0]?.n)).toBeGreaterThanOrEqual(1);
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 5000 });
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/idle connection was lost \(57P01/);

    const { body } = await t.call(calls.faqList, {});
    expect(body.state).toBe('1');
  });
});
