import { calls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { products } from '../../../db/schema';
import type { CatalogueProduct } from '../../products/index';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';

let t: TestApp;
let production: TestApp;
const KEY = 'k'.repeat(32);
beforeAll(async () => {
  t = await createTestApp();
  production = await createTestApp({
    env: { NODE_ENV: 'production', OPS_API_KEY: KEY, MAIL_CAPTURE: '1' },
  });
});
afterAll(async () => {
  await t.close();
  await production.close();
});

const importCatalogue = (app: TestApp, payload: unknown, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/ops-api/catalogue/import',
    remoteAddress: '127.0.0.1',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });

const exportCatalogue = (query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/ops-api/catalogue/export${query}`,
    remoteAddress: '127.0.0.1',
  });

interface Problems {
  error: string;
  problems: { row: number; id: string | null; field: string; message: string }[];
}

describe('POST /ops-api/catalogue/import', () => {
  it('adds products, then updates them, answering counts', async () => {
    const first = await importCatalogue(t, { products: NQY_PRODUCTS });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      mode: 'upsert',
      products: 8,
      airports: 1,
      inserted: 8,
      updated: 0,
      deactivated: 0,
    });
    const renamed = NQY_PRODUCTS.map((p) => (p.id === 'NQY-LNG-1' ? { ...p, name: 'Renamed' } : p));
    const second = await importCatalogue(t, { products: renamed });
    expect(second.json()).toMatchObject({ inserted: 0, updated: 8 });
    const { body } = await t.call(calls.loungeDetail, { id: 'NQY-LNG-1' });
    expect(body.result).toMatchObject({ name: 'Renamed' });
  });

  it("replaces an airport's catalogue in replace mode, withdrawing the rest", async () => {
    const lhr = await exportCatalogue('?airport=LHR');
    const rows = lhr.json<{ products: CatalogueProduct[] }>().products;
    const lounges = rows.filter((p) => p.kind === 'lounge');
    expect(lounges.length).toBeGreaterThanOrEqual(5);
    const kept = lounges.slice(0, 2).map((p) => ({ ...p, name: `${p.name} (real)` }));
    const response = await importCatalogue(t, { products: kept, mode: 'replace' });
    expect(response.json()).toMatchObject({
      mode: 'replace',
      updated: 2,
      deactivated: rows.length - 2,
    });
    const { body } = await t.call(calls.loungeList, { airportCode: 'LHR' });
    expect((body.result as { items: { id: string }[] }).items.map((i) => i.id)).toEqual(
      kept.map((p) => p.id),
    );
    const counts = await t.call(calls.airportProductNum, { iataCodes: ['LHR'] });
    expect(counts.body.result).toEqual([
      { iataCode: 'LHR', lounge: 2, dining: 0, spa: 0, fastTrack: 0, total: 2 },
    ]);
  });

  it('refuses a file with bad rows, naming each row and field, and imports nothing', async () => {
    const good = NQY_PRODUCTS[0]!;
    const rows: unknown[] = [
      { ...good, id: 'NQY-LNG-50' },
      { ...good, id: 'nqy lounge' },
      { ...good, id: 'NQY-LNG-51', kind: 'hotel' },
      { ...good, id: 'ZZZ-LNG-52', airportCode: 'ZZZ' },
      { ...good, id: 'NQY-LNG-53', facilities: ['wifi', 'jacuzzi'] },
      {
        ...good,
        id: 'NQY-LNG-54',
        weeklyHours: { ...good.weeklyHours, mon: [{ open: '22:00', close: '05:00' }] },
      },
      { ...good, id: 'NQY-LNG-55', price: { amount: 12.5, currency: 'GBP' } },
      { ...good, id: 'NQY-LNG-56', conditions: null },
      { ...good, id: 'NQY-LNG-57', images: ['https://cdn.example/x.jpg'] },
      { ...good, id: 'NQY-DIN-58' },
      { ...good, id: 'NQY-LNG-50' },
      'not an object',
    ];
    const response = await importCatalogue(t, { products: rows });
    expect(response.statusCode).toBe(400);
    const { error, problems } = response.json<Problems>();
    expect(error).toBe('invalid-catalogue');
    const at = (row: number) => problems.filter((p) => p.row === row).map((p) => p.field);
    expect(at(0)).toEqual([]);
    expect(at(1)).toEqual(['id']);
    expect(at(2)).toContain('kind');
    expect(at(3)).toEqual(['airportCode']);
    expect(at(4)).toEqual(['facilities.1']);
    expect(at(5)).toEqual(['weeklyHours']);
    expect(at(6)).toEqual(['price.amount']);
    expect(at(7)).toEqual(['conditions']);
    expect(at(8)).toEqual(['images.0']);
    expect(at(9)).toEqual(['id']);
    expect(at(10)).toEqual(['id']);
    expect(at(11)).toEqual(['(row)']);
    expect(problems.find((p) => p.row === 10)?.message).toBe('repeats the id of row 0');
    expect(problems.find((p) => p.row === 3 && p.field === 'airportCode')?.message).toContain(
      'ZZZ',
    );
    expect(await t.app.db.select().from(products).where(eq(products.id, 'NQY-LNG-50'))).toEqual([]);
  });

  it('refuses a body without products, with unknown fields or an unknown mode', async () => {
    for (const payload of [
      {},
      { products: [] },
      { products: NQY_PRODUCTS, mode: 'merge' },
      { products: NQY_PRODUCTS, x: 1 },
    ]) {
      const response = await importCatalogue(t, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid-request' });
    }
  });

  it('takes a file of several megabytes', async () => {
    const all = await exportCatalogue('');
    const file = all.json<{ products: CatalogueProduct[] }>();
    const size = JSON.stringify(file).length;
    expect(size).toBeGreaterThan(1024 * 1024);
    const response = await importCatalogue(t, file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ products: file.products.length, inserted: 0 });
  });

  it('needs the operator key in production', async () => {
    expect((await importCatalogue(production, { products: NQY_PRODUCTS })).statusCode).toBe(403);
    const ok = await importCatalogue(production, { products: NQY_PRODUCTS }, { 'x-ops-key': KEY });
    expect(ok.statusCode).toBe(200);
  });
});

describe('GET /ops-api/catalogue/export', () => {
  it('writes what import takes, filtered by airport and kind', async () => {
    await importCatalogue(t, { products: NQY_PRODUCTS });
    const response = await exportCatalogue('?airport=nqy&kind=fast-track');
    const { products: rows } = response.json<{ products: CatalogueProduct[] }>();
    expect(rows).toEqual(NQY_PRODUCTS.filter((p) => p.kind === 'fast-track'));
  });

  it('refuses a bad filter', async () => {
    const response = await exportCatalogue('?airport=LONDON');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid-request' });
  });
});
