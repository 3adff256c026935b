import { and, count, countDistinct, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  catalogueProductSchema,
  type CatalogueProduct,
} from '../../platform/catalogue/catalogue-product';
import {
  catalogueProductOf,
  catalogueVersions,
  PRODUCTS,
  upsertProducts,
} from '../../platform/catalogue/catalogue-store';
import { openDatabase } from '../client';
import { airports, products, settings } from '../schema';
import { seed } from '../seed/index';
import { demoCatalogue } from '../seed/catalogue/generate';
import { currencyOf, localPrice } from '../seed/catalogue/currency';

let t: TestApp;
let stored: CatalogueProduct[];
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.app.db.select().from(products).where(eq(products.source, 'demo'));
  stored = rows.map(catalogueProductOf);
});
afterAll(() => t.close());

const largeAirports = () =>
  t.app.db
    .select({ iataCode: airports.iataCode, city: airports.city, country: airports.country })
    .from(airports)
    .where(eq(airports.size, 'large'));

describe('the demo catalogue', () => {
  it("counts the catalogue as changed once the seed's transaction has committed", async () => {
    const before = catalogueVersions.of(PRODUCTS);
    await seed(t.app.db, { demo: true });
    expect(catalogueVersions.of(PRODUCTS)).toBeGreaterThan(before);
  });

  it('covers over 300 of the large airports with over 1,000 lounges and every kind', async () => {
    const [covered] = await t.app.db
      .select({ n: countDistinct(products.airportCode) })
      .from(products);
    expect(covered?.n).toBeGreaterThanOrEqual(300);
    const perKind = await t.app.db
      .select({ kind: products.kind, n: count() })
      .from(products)
      .groupBy(products.kind);
    const n = Object.fromEntries(perKind.map((r) => [r.kind, r.n]));
    expect(n.lounge).toBeGreaterThanOrEqual(1000);
    expect(n.dining).toBeGreaterThanOrEqual(200);
    expect(n.spa).toBeGreaterThanOrEqual(100);
    expect(n['fast-track']).toBeGreaterThanOrEqual(200);
    for (const code of ['LHR', 'LGW', 'MAN', 'EDI', 'DXB', 'JFK', 'CDG', 'AMS', 'FRA', 'SIN']) {
      const [row] = await t.app.db
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.airportCode, code), eq(products.kind, 'lounge')));
      expect(row?.n, code).toBeGreaterThanOrEqual(2);
    }
  });

  it('is exactly what the generator makes, and the generator makes the same every time', async () => {
    const large = await largeAirports();
    const generated = demoCatalogue(large);
    expect(demoCatalogue([...large].reverse())).toEqual(generated);
    const byId = (a: CatalogueProduct, b: CatalogueProduct) => a.id.localeCompare(b.id);
    expect([...stored].sort(byId)).toEqual([...generated].sort(byId));
  });

  it('has rows the import would accept, with readable ids and our own images', () => {
    for (const product of stored) {
      expect(catalogueProductSchema.safeParse(product).success, product.id).toBe(true);
      expect(product.id).toMatch(/^[A-Z0-9]{3}-(LNG|DIN|SPA|FT)-\d+$/);
      for (const image of product.images) expect(image).toMatch(/^\/assets-api\/art\//);
    }
  });

  it('gives lounges conditions, slots and a local price', () => {
    const lounges = stored.filter((p) => p.kind === 'lounge');
    for (const lounge of lounges) {
      expect(lounge.conditions?.maxStayHours).toBeGreaterThanOrEqual(2);
      expect(lounge.conditions?.maxStayHours).toBeLessThanOrEqual(4);
      expect(lounge.slotMinutes).toBeGreaterThan(0);
      expect(lounge.capacityPerSlot).toBeGreaterThan(0);
      expect(lounge.images.length).toBeGreaterThan(0);
    }
    const currency = (code: string) => lounges.find((p) => p.airportCode === code)?.price?.currency;
    expect(currency('LHR')).toBe('GBP');
    expect(currency('CDG')).toBe('EUR');
    expect(currency('JFK')).toBe('USD');
    expect(currency('DXB')).toBe('AED');
  });

  it('has lounges open around the clock, closed on a day, and with a break', () => {
    const lounges = stored.filter((p) => p.kind === 'lounge');
    const days = lounges.flatMap((p) => Object.values(p.weeklyHours));
    expect(
      days.some((d) => d.length === 1 && d[0]?.open === '00:00' && d[0].close === '24:00'),
    ).toBe(true);
    expect(days.some((d) => d.length === 0)).toBe(true);
    expect(days.some((d) => d.length === 2)).toBe(true);
  });

  it('gives dining and spa an offer and terms, fast track a lane and terms', () => {
    for (const p of stored.filter((x) => x.kind === 'dining' || x.kind === 'spa')) {
      expect(p.offer).toBeTruthy();
      expect(p.terms).toBeTruthy();
    }
    for (const p of stored.filter((x) => x.kind === 'fast-track')) {
      expect(p.lane).toMatch(/^Fast Track Security, /);
      expect(p.terms).toBeTruthy();
      expect(p.price).not.toBeNull();
    }
  });

  it('re-seeds a new version over demo rows, but never over an operator import', async () => {
    const demoRow = stored.find((p) => p.id === 'LHR-LNG-1')!;
    await t.app.db.update(products).set({ name: 'Edited' }).where(eq(products.id, 'LHR-LNG-2'));
    await upsertProducts(t.app.db, [{ ...demoRow, name: 'Operator lounge' }], 'import');
    await t.app.db.delete(settings).where(eq(settings.key, 'seed:catalogue'));
    await seed(t.app.db, { demo: true });
    const [imported] = await t.app.db.select().from(products).where(eq(products.id, 'LHR-LNG-1'));
    expect(imported).toMatchObject({ name: 'Operator lounge', source: 'import' });
    const [restored] = await t.app.db.select().from(products).where(eq(products.id, 'LHR-LNG-2'));
    expect(restored?.name).toBe(stored.find((p) => p.id === 'LHR-LNG-2')?.name);
  });

  it('is not seeded without the demo option', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      await seed(database.db, { demo: false });
      const [row] = await database.db.select({ n: count() }).from(products);
      expect(row?.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe('local prices', () => {
  it('follow the country, defaulting to US dollars', () => {
    expect(currencyOf('GB')).toBe('GBP');
    expect(currencyOf('DE')).toBe('EUR');
    expect(currencyOf('AE')).toBe('AED');
    expect(currencyOf('US')).toBe('USD');
    expect(currencyOf('KE')).toBe('USD');
  });

  it('are whole local amounts in minor units', () => {
    expect(localPrice(35, 'GBP')).toEqual({ amount: 3500, currency: 'GBP' });
    expect(localPrice(35, 'JPY').amount % 5).toBe(0);
    expect(localPrice(35, 'EUR')).toEqual({ amount: 4100, currency: 'EUR' });
  });
});
