import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { isUniqueViolation } from '../db-errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('isUniqueViolation', () => {
  it('tells a unique index refusing a row from other failures', async () => {
    await insertUser(t.app.db, { email: 'once@example.com' });
    const clash = await insertUser(t.app.db, { email: 'ONCE@example.com' }).catch(
      (e: unknown) => e,
    );
    expect(isUniqueViolation(clash)).toBe(true);
    const other = await t.app.db.execute('select 1/0').catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Error);
    expect(isUniqueViolation(other)).toBe(false);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
