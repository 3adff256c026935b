import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { placeholders, prepared, preparedInsert, preparedInsertWith } from '../prepared';
import { attemptLocks, settings, verifications } from '../schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.db.insert(settings).values([
    { key: 'prepared.a', value: { n: 1 } },
    { key: 'prepared.b', value: { n: 2 } },
  ]);
});
afterAll(async () => {
  await t.app.db.delete(settings).where(inArray(settings.key, ['prepared.a', 'prepared.b']));
  await t.close();
});

let builds = 0;
const settingByKey = prepared('test_setting_by_key', (tx, name) => {
  builds += 1;
  const { key } = placeholders('key');
  return tx
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .prepare(name);
});

describe('prepared statements (issue 23)', () => {
  it("are built once per database and run with each call's values", async () => {
    const before = builds;
    expect(await settingByKey(t.app.db).execute({ key: 'prepared.a' })).toEqual([
      { value: { n: 1 } },
    ]);
    expect(await settingByKey(t.app.db).execute({ key: 'prepared.b' })).toEqual([
      { value: { n: 2 } },
    ]);
    expect(await settingByKey(t.app.db).execute({ key: 'prepared.none' })).toEqual([]);
    expect(builds - before).toBe(1);
  });

  it('run inside a transaction given one: they see what it wrote and go with its rollback', async () => {
    const rollback = new Error('rolled back');
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.insert(settings).values({ key: 'prepared.c', value: { n: 3 } });
        expect(await settingByKey(tx).execute({ key: 'prepared.c' })).toEqual([
          { value: { n: 3 } },
        ]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await settingByKey(t.app.db).execute({ key: 'prepared.c' })).toEqual([]);
  });

  it("are built once for transactions too, each run on its own transaction's connection", async () => {
    const before = builds;
    const rollback = new Error('rolled back');
    /** Writes `key` uncommitted, then reads it (and `other`) with the statement, inside. */
    const seesOwnWrite = (key: string, other: string, meanwhile?: () => Promise<void>) =>
      expect(
        t.app.db.transaction(async (tx) => {
          await tx.insert(settings).values({ key, value: { n: 9 } });
          await meanwhile?.();
          expect(await settingByKey(tx).execute({ key })).toEqual([{ value: { n: 9 } }]);
          expect(await settingByKey(tx).execute({ key: other })).toEqual([]);
          throw rollback;
        }),
      ).rejects.toBe(rollback);
    await seesOwnWrite('prepared.d', 'prepared.e');
    if (t.database.kind === 'pg') {
      // Two transactions open at once, on two connections of the pool: the statement built on
      // the first runs on the second's connection inside the second.
      await seesOwnWrite('prepared.d', 'prepared.e', () =>
        seesOwnWrite('prepared.e', 'prepared.d'),
      );
    }
    expect(builds - before).toBeLessThanOrEqual(1);
  });

  it('insert each value as its column encodes it, and null as SQL NULL (jsonb and timestamp too)', async () => {
    const insert = preparedInsert('test_verification_insert', verifications, [
      'purpose',
      'target',
      'channel',
      'expiresAt',
      'usedAt',
      'draft',
    ]);
    const expiresAt = new Date('2026-12-01T10:00:00.000Z');
    const usedAt = new Date('2026-12-01T09:30:00.000Z');
    const base = {
      purpose: 'login-code',
      target: 'prepared@example.com',
      channel: 'email',
    } as const;
    const [empty] = await insert(t.app.db).execute({
      ...base,
      expiresAt,
      usedAt: null,
      draft: null,
    });
    const [full] = await insert(t.app.db).execute({ ...base, expiresAt, usedAt, draft: { a: 1 } });
    try {
      expect(empty).toMatchObject({ expiresAt, usedAt: null, draft: null });
      expect(full).toMatchObject({ expiresAt, usedAt, draft: { a: 1 } });
      // As the database holds them: SQL NULL, not JSON null; the object as jsonb.
      const rows = await t.app.db
        .select({
          id: verifications.id,
          draftIsNull: sql<boolean>`${verifications.draft} is null`,
          a: sql<string | null>`${verifications.draft} ->> 'a'`,
        })
        .from(verifications)
        .where(inArray(verifications.id, [empty!.id, full!.id]));
      expect(rows.find((r) => r.id === empty!.id)).toMatchObject({ draftIsNull: true, a: null });
      expect(rows.find((r) => r.id === full!.id)).toMatchObject({ draftIsNull: false, a: '1' });
    } finally {
      await t.app.db.delete(verifications).where(inArray(verifications.id, [empty!.id, full!.id]));
    }
  });

  describe('two inserts as one statement (preparedInsertWith)', () => {
    const insertBoth = preparedInsertWith(
      'test_verification_with_setting',
      { table: verifications, columns: ['purpose', 'target', 'channel', 'expiresAt', 'draft'] },
      { table: settings, columns: ['key', 'value'] },
    );
    const verification = {
      purpose: 'login-code',
      target: 'prepared.with@example.com',
      channel: 'email',
      expiresAt: new Date('2026-12-01T10:00:00.000Z'),
      draft: null,
    } as const;
    const settingsAt = (key: string) =>
      t.app.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    const verificationsOf = (target: string) =>
      t.app.db.select().from(verifications).where(eq(verifications.target, target));

    it("write both rows, each value as its column encodes it, and answer the first's", async () => {
      const [written] = await insertBoth(t.app.db).execute(verification, {
        key: 'prepared.with',
        value: { n: 4 },
      });
      try {
        expect(written).toMatchObject({ ...verification, usedAt: null });
        expect(await verificationsOf(verification.target)).toEqual([written]);
        expect(await settingsAt('prepared.with')).toEqual([{ value: { n: 4 } }]);
      } finally {
        await t.app.db.delete(verifications).where(eq(verifications.id, written!.id));
        await t.app.db.delete(settings).where(eq(settings.key, 'prepared.with'));
      }
    });

    it('write neither when the second cannot be written', async () => {
      const target = 'prepared.neither@example.com';
      // prepared.a is taken (beforeAll): the second insert conflicts on its key.
      await expect(
        insertBoth(t.app.db).execute({ ...verification, target }, { key: 'prepared.a', value: {} }),
      ).rejects.toThrow();
      expect(await verificationsOf(target)).toEqual([]);
      expect(await settingsAt('prepared.a')).toEqual([{ value: { n: 1 } }]);
    });

    it("keep a column name the two tables share apart, and write the second's null as NULL", async () => {
      const settingWithLock = preparedInsertWith(
        'test_setting_with_lock',
        { table: settings, columns: ['key', 'value'] },
        { table: attemptLocks, columns: ['key', 'failures', 'windowStartedAt', 'lockedUntil'] },
      );
      const at = new Date('2026-12-01T10:00:00.000Z');
      const [written] = await settingWithLock(t.app.db).execute(
        { key: 'prepared.shared', value: { n: 5 } },
        { key: 'prepared.shared.lock', failures: 2, windowStartedAt: at, lockedUntil: null },
      );
      try {
        expect(written).toMatchObject({ key: 'prepared.shared', value: { n: 5 } });
        expect(await settingsAt('prepared.shared.lock')).toEqual([]);
        // SQL NULL, not JSON's null or the text 'null': `is null` finds it.
        const locks = await t.app.db
          .select({
            failures: attemptLocks.failures,
            windowStartedAt: attemptLocks.windowStartedAt,
          })
          .from(attemptLocks)
          .where(
            sql`${attemptLocks.key} = 'prepared.shared.lock' and ${attemptLocks.lockedUntil} is null`,
          );
        expect(locks).toEqual([{ failures: 2, windowStartedAt: at }]);
      } finally {
        await t.app.db.delete(settings).where(eq(settings.key, 'prepared.shared'));
        await t.app.db.delete(attemptLocks).where(eq(attemptLocks.key, 'prepared.shared.lock'));
      }
    });
  });

  it('refuses a name given twice (two statements under one name would clash)', () => {
    expect(() =>
      prepared('test_setting_by_key', (tx, name) => tx.select().from(settings).prepare(name)),
    ).toThrow('a prepared statement is named test_setting_by_key already');
  });
});
