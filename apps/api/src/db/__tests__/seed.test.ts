import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { airports, countries, memberships } from '../schema';
import { seed } from '../seed/index';
import { demoMembershipRows } from '../seed/demo-memberships';
import { cityFromName } from '../seed/reference-data';
import { luhnCheckDigit } from '@portal/contract';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const counts = async () => ({
  airports: (await t.app.db.select({ n: count() }).from(airports))[0]?.n,
  countries: (await t.app.db.select({ n: count() }).from(countries))[0]?.n,
  memberships: (await t.app.db.select({ n: count() }).from(memberships))[0]?.n,
});

describe('seed', () => {
  it('is idempotent', async () => {
    const before = await counts();
    expect(before.airports).toBeGreaterThanOrEqual(4000);
    await seed(t.app.db, { demo: true });
    expect(await counts()).toEqual(before);
  });

  it('gives demo memberships fixed, valid numbers for every issuer and status', () => {
    const rows = demoMembershipRows();
    expect(rows).toHaveLength(24);
    expect(rows[0]?.dpid).toBe('9000000000000000'.slice(0, 15) + luhnCheckDigit('900000000000000'));
    for (const r of rows) expect(r.dpid).toMatch(/^\d{16}$/);
    expect(new Set(rows.map((r) => r.dpid)).size).toBe(24);
  });

  it('fills a missing city from the airport name', () => {
    expect(cityFromName('Foo International Airport')).toBe('Foo');
    expect(cityFromName('Airport')).toBe('Airport');
  });

  it('computes Luhn check digits', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
  });
});
