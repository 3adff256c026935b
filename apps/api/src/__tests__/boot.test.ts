import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { prepareDatabase } from '../boot';
import { loadEnv } from '../config/env';
import { memberships, settings } from '../db/schema';
import { DEMO_MEMBER } from '../db/seed/demo-member';
import { demoMembershipRows } from '../db/seed/demo-memberships';
import { seededAtThisVersion } from '../db/seed/index';

/*
 * The start's database work (boot.ts): on a database seeded at this build's versions, the demo
 * data's top-up waits until the server is up; anything older is seeded before it answers.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const env = (vars: Record<string, string>) => loadEnv({ DATA_DIR: '/tmp/unused', ...vars });
/** A demo membership no booking or member uses. */
const spare = demoMembershipRows().find((row) => row.dpid !== DEMO_MEMBER.dpid)!.dpid;
const spareRows = async () =>
  (await t.app.db.select({ n: count() }).from(memberships).where(eq(memberships.dpid, spare)))[0]
    ?.n;

describe('prepareDatabase', () => {
  it('leaves the demo top-up for later on a database seeded at this version, and it restores', async () => {
    expect(await seededAtThisVersion(t.app.db, { demo: true })).toBe(true);
    await t.app.db.delete(memberships).where(eq(memberships.dpid, spare));
    const prepared = await prepareDatabase(t.database, env({ NODE_ENV: 'test' }));
    expect(prepared.later).toBeTypeOf('function');
    expect(await spareRows()).toBe(0);
    await prepared.later?.();
    expect(await spareRows()).toBe(1);
  });

  it('leaves nothing for later in production without demo data', async () => {
    const production = { ...env({ NODE_ENV: 'test' }), NODE_ENV: 'production', DEMO_DATA: false };
    const prepared = await prepareDatabase(t.database, production as ReturnType<typeof env>);
    expect(prepared.later).toBeUndefined();
  });

  it('seeds before it answers when the database is at an older seed version', async () => {
    await t.app.db
      .update(settings)
      .set({ value: 0 })
      .where(inArray(settings.key, ['seed:reference', 'seed:catalogue']));
    expect(await seededAtThisVersion(t.app.db, { demo: true })).toBe(false);
    await t.app.db.delete(memberships).where(eq(memberships.dpid, spare));
    const prepared = await prepareDatabase(t.database, env({ NODE_ENV: 'test' }));
    expect(prepared.later).toBeUndefined();
    expect(await seededAtThisVersion(t.app.db, { demo: true })).toBe(true);
    expect(await spareRows()).toBe(1);
  });
});
