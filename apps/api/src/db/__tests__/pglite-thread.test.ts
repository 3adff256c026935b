import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../platform/db-errors';
import { openDatabase, PGLITE_SHARED_BUFFERS, type Database } from '../client';
import { settings } from '../schema';

/*
 * The server's embedded database on its worker thread, through drizzle as the portal uses it:
 * the same answers, transactions and errors as PGlite in the process.
 */
describe('PGlite on a worker thread', () => {
  let dataDir: string;
  let database: Database;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-pglite-thread-'));
    database = await openDatabase({ kind: 'pglite-thread', dataDir });
    await database.migrate();
  });

  afterAll(async () => {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const rowsOf = async (query: ReturnType<typeof sql>) => {
    const answer: unknown = await database.db.execute(query);
    return (answer as { rows: unknown[] }).rows;
  };

  const valueOf = async (key: string) =>
    (await database.db.select().from(settings).where(eq(settings.key, key)))[0]?.value;

  it('migrates, writes and reads rows, timestamps as drizzle reads them', async () => {
    await database.db.insert(settings).values({ key: 'thread:a', value: { n: 1 } });
    const [row] = await database.db.select().from(settings).where(eq(settings.key, 'thread:a'));
    expect(row?.value).toEqual({ n: 1 });
    expect(row?.updatedAt).toBeInstanceOf(Date);
    expect(Math.abs(row!.updatedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await rowsOf(sql`select ${'a'}::text || 'b' as ab`)).toEqual([{ ab: 'ab' }]);
  });

  it('starts postgres with the small shared buffers', async () => {
    expect(await rowsOf(sql`show shared_buffers`)).toEqual([
      { shared_buffers: PGLITE_SHARED_BUFFERS },
    ]);
  });

  it('commits a transaction, and rolls one back on a throw with nothing of it kept', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(settings).values({ key: 'thread:commit', value: 1 });
    });
    expect(await valueOf('thread:commit')).toBe(1);

    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(settings).values({ key: 'thread:rollback', value: 1 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await valueOf('thread:rollback')).toBeUndefined();

    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(settings).values({ key: 'thread:tx-rollback', value: 1 });
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await valueOf('thread:tx-rollback')).toBeUndefined();
  });

  it('keeps a nested transaction (a savepoint) apart', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(settings).values({ key: 'thread:outer', value: 1 });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(settings).values({ key: 'thread:inner', value: 1 });
          throw new Error('inner only');
        }),
      ).rejects.toThrow('inner only');
    });
    expect(await valueOf('thread:outer')).toBe(1);
    expect(await valueOf('thread:inner')).toBeUndefined();
  });

  it("answers postgres's error fields, so a unique violation is known as one", async () => {
    const insert = () => database.db.insert(settings).values({ key: 'thread:unique', value: 1 });
    await insert();
    const err = await insert().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(err)).toBe(true);
    const cause = (err as { cause?: Record<string, unknown> }).cause;
    expect(cause).toMatchObject({ code: '23505', table: 'settings' });
    // The database is still usable after the failed statement.
    expect(await valueOf('thread:unique')).toBe(1);
  });

  it('holds other statements until an open transaction ends, as PGlite does', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.insert(settings).values({ key: 'thread:held', value: 1 });
      order.push('tx wrote');
      await held;
      order.push('tx ends');
    });
    // Let the transaction begin and write before the outside read is sent.
    await expect.poll(() => order.length).toBe(1);
    const outside = valueOf('thread:held').then((value) => {
      order.push('outside read');
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['tx wrote']);
    release();
    await tx;
    expect(await outside).toBe(1);
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside read']);
  });

  it('runs many statements sent at once, each answered with its own rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => rowsOf(sql`select ${i}::int as i`)),
    );
    expect(answers.map((rows) => rows[0])).toEqual(Array.from({ length: 50 }, (_, i) => ({ i })));
  });

  it('opens the same data dir again after a close, with what was written', async () => {
    await database.close();
    database = await openDatabase({ kind: 'pglite-thread', dataDir });
    expect(await valueOf('thread:commit')).toBe(1);
  });

  it('says why when the database cannot open', async () => {
    const file = path.join(dataDir, 'not-a-dir');
    await fs.writeFile(file, 'x');
    await expect(openDatabase({ kind: 'pglite-thread', dataDir: file })).rejects.toThrow();
  });
});
