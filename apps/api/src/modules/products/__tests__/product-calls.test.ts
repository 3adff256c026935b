import { calls } from '@portal/contract';
import type { CallDef, Paged, ProductDetail, ProductSummary } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, unchecked } from '../../../../test/test-app';
import { products } from '../../../db/schema';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';

// Thursday 15 January 2026, 10:00 in London (GMT).
const THURSDAY_10AM = '2026-01-15T10:00:00Z';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: THURSDAY_10AM });
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
});
afterAll(() => t.close());

async function page(call: CallDef, payload: unknown): Promise<Paged<ProductSummary>> {
  const { body } = await t.call(call, unchecked(payload));
  expect(body).toMatchObject({ state: '1', errorCode: null });
  return body.result as Paged<ProductSummary>;
}
const ids = (p: Paged<ProductSummary>) => p.items.map((i) => i.id);

describe('/lounge/list/v2', () => {
  it("lists an airport's lounges best ranked first, with today's hours and open now", async () => {
    const result = await page(calls.loungeList, { airportCode: 'nqy' });
    expect(result).toMatchObject({ total: 4, page: 1, pageSize: 20 });
    expect(ids(result)).toEqual(['NQY-LNG-1', 'NQY-LNG-2', 'NQY-LNG-3', 'NQY-LNG-4']);
    expect(result.items[0]).toEqual({
      id: 'NQY-LNG-1',
      kind: 'lounge',
      airportCode: 'NQY',
      name: 'Alpha Lounge',
      terminal: 'Terminal 1',
      side: 'airside',
      openNow: true,
      hoursToday: '05:00–22:00',
      image: '/assets-api/art/lounge/NQY-LNG-1-1.svg',
      price: { amount: 3500, currency: 'GBP' },
      facilities: ['wifi', 'showers', 'quiet-zone'],
      offer: null,
    });
    const byId = new Map(result.items.map((i) => [i.id, i]));
    expect(byId.get('NQY-LNG-2')).toMatchObject({ openNow: true, hoursToday: 'Open 24 hours' });
    expect(byId.get('NQY-LNG-3')).toMatchObject({ openNow: false, hoursToday: 'Closed today' });
    expect(byId.get('NQY-LNG-4')).toMatchObject({
      openNow: false,
      hoursToday: '05:00–09:00, 11:00–20:00',
    });
    // A product without images gets generated artwork.
    expect(byId.get('NQY-LNG-2')?.image).toBe('/assets-api/art/lounge/NQY-LNG-2.svg');
  });

  it('pages, keeping the total', async () => {
    const second = await page(calls.loungeList, { airportCode: 'NQY', page: 2, pageSize: 3 });
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(ids(second)).toEqual(['NQY-LNG-4']);
    const beyond = await page(calls.loungeList, { airportCode: 'NQY', page: 9, pageSize: 3 });
    expect(beyond).toEqual({ items: [], total: 4, page: 9, pageSize: 3 });
  });

  it('answers an empty page for an airport we do not know or one with no lounges', async () => {
    expect(await page(calls.loungeList, { airportCode: 'ZZZ' })).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
    expect((await page(calls.loungeList, { airportCode: 'EXT' })).total).toBe(0);
  });

  it('lists the demo catalogue at LHR in pounds, with our own artwork', async () => {
    const result = await page(calls.loungeList, { airportCode: 'LHR', pageSize: 100 });
    expect(result.total).toBeGreaterThanOrEqual(5);
    for (const item of result.items) {
      expect(item.id).toMatch(/^LHR-LNG-\d+$/);
      expect(item.price?.currency).toBe('GBP');
      expect(item.image).toMatch(/^\/assets-api\/art\/lounge\/LHR-LNG-\d+-1\.svg$/);
    }
  });

  it('refuses bad input', async () => {
    for (const payload of [
      {},
      { airportCode: 'LH' },
      { airportCode: 'LHR', page: 0 },
      { airportCode: 'LHR', pageSize: 101 },
      { airportCode: 'LHR', terminal: 'Terminal 5' },
    ]) {
      const { body } = await t.call(calls.loungeList, unchecked(payload));
      expect(body).toMatchObject({ state: '0', errorCode: '10001' });
    }
  });
});

describe('/lounge/filter/v2', () => {
  const filter = (payload: object) => page(calls.loungeFilter, { airportCode: 'NQY', ...payload });

  it('filters by terminal (any case) and side', async () => {
    expect(ids(await filter({ terminal: 'terminal 1' }))).toEqual([
      'NQY-LNG-1',
      'NQY-LNG-3',
      'NQY-LNG-4',
    ]);
    expect(ids(await filter({ side: 'landside' }))).toEqual(['NQY-LNG-2']);
    expect(ids(await filter({ terminal: 'Terminal 9' }))).toEqual([]);
  });

  it('keeps only lounges with every facility asked for', async () => {
    expect(ids(await filter({ facilities: ['showers'] }))).toEqual(['NQY-LNG-1', 'NQY-LNG-2']);
    expect(ids(await filter({ facilities: ['showers', 'quiet-zone'] }))).toEqual(['NQY-LNG-1']);
    expect(ids(await filter({ facilities: ['showers', 'childrens-area'] }))).toEqual([]);
    expect((await filter({ facilities: [] })).total).toBe(4);
  });

  it('keeps only what is open now in the airport local time', async () => {
    expect(ids(await filter({ openNow: true }))).toEqual(['NQY-LNG-1', 'NQY-LNG-2']);
    t.clock.set('2026-01-15T23:00:00Z');
    expect(ids(await filter({ openNow: true }))).toEqual(['NQY-LNG-2']);
    // 04:30 UTC in July is 05:30 in London (BST): Alpha has opened.
    t.clock.set('2026-07-16T04:30:00Z');
    expect(ids(await filter({ openNow: true }))).toEqual(['NQY-LNG-1', 'NQY-LNG-2', 'NQY-LNG-4']);
    // The same instant of the clock in January is 04:30 GMT: only the 24-hour lounge.
    t.clock.set('2026-01-15T04:30:00Z');
    expect(ids(await filter({ openNow: true }))).toEqual(['NQY-LNG-2']);
    // 22:00 is closing time: no longer open.
    t.clock.set('2026-01-15T22:00:00Z');
    const late = await filter({});
    expect(late.items.find((i) => i.id === 'NQY-LNG-1')?.openNow).toBe(false);
    t.clock.set(THURSDAY_10AM);
  });

  it('searches names, treating % and _ as plain characters', async () => {
    expect(ids(await filter({ keyword: 'BETA' }))).toEqual(['NQY-LNG-2']);
    expect(ids(await filter({ keyword: '100%' }))).toEqual(['NQY-LNG-3']);
    expect(ids(await filter({ keyword: '%' }))).toEqual(['NQY-LNG-3']);
    expect(ids(await filter({ keyword: '_' }))).toEqual([]);
  });

  it('combines filters and pages the result', async () => {
    const result = await filter({ terminal: 'Terminal 1', facilities: ['wifi'], pageSize: 2 });
    expect(result).toMatchObject({ total: 3, pageSize: 2 });
    expect(ids(result)).toEqual(['NQY-LNG-1', 'NQY-LNG-3']);
  });

  it('refuses unknown facilities, sides and fields', async () => {
    for (const payload of [
      { airportCode: 'NQY', facilities: ['jacuzzi'] },
      { airportCode: 'NQY', side: 'roof' },
      { airportCode: 'NQY', openNow: 'yes' },
      { airportCode: 'NQY', colour: 'red' },
      { airportCode: 'NQY', keyword: 'x'.repeat(61) },
    ]) {
      const { body } = await t.call(calls.loungeFilter, unchecked(payload));
      expect(body).toMatchObject({ state: '0', errorCode: '10001' });
    }
  });
});

describe('/lounge/detail/v2', () => {
  it('answers the lounge in full with its airport and time zone', async () => {
    const { body } = await t.call(calls.loungeDetail, { id: 'nqy-lng-1' });
    expect(body.state).toBe('1');
    const detail = body.result as ProductDetail;
    expect(detail).toMatchObject({
      id: 'NQY-LNG-1',
      name: 'Alpha Lounge',
      openNow: true,
      hoursToday: '05:00–22:00',
      airportName: 'Cornwall Airport Newquay',
      city: 'Newquay',
      timeZone: 'Europe/London',
      directions: 'Terminal 1, after security: turn left.',
      conditions: {
        maxStayHours: 3,
        children: 'Children welcome.',
        dressCode: 'Smart casual.',
        guests: 'Up to 2 guests.',
      },
      slotMinutes: 30,
      capacityPerSlot: 20,
      lane: null,
      terms: null,
    });
    expect(detail.images).toHaveLength(2);
    expect(detail.weeklyHours.mon).toEqual([{ open: '05:00', close: '22:00' }]);
  });

  it('answers notFound for an unknown id, another kind, or a withdrawn lounge', async () => {
    for (const id of ['NQY-LNG-99', 'NQY-DIN-1']) {
      const { body } = await t.call(calls.loungeDetail, { id });
      expect(body).toMatchObject({ state: '0', errorCode: '10002' });
    }
    await t.app.db.update(products).set({ active: false }).where(eq(products.id, 'NQY-LNG-4'));
    // Written behind the catalogue routes' back: the lists answered this minute are dropped here.
    t.app.productLists.invalidate();
    const { body } = await t.call(calls.loungeDetail, { id: 'NQY-LNG-4' });
    expect(body.errorCode).toBe('10002');
    expect(ids(await page(calls.loungeList, { airportCode: 'NQY' }))).not.toContain('NQY-LNG-4');
    await t.app.db.update(products).set({ active: true }).where(eq(products.id, 'NQY-LNG-4'));
    t.app.productLists.invalidate();
  });

  it('refuses a malformed id', async () => {
    for (const payload of [{ id: 'x y' }, { id: '' }, {}, { id: 'a'.repeat(65) }]) {
      const { body } = await t.call(calls.loungeDetail, unchecked(payload));
      expect(body).toMatchObject({ state: '0', errorCode: '10001' });
    }
  });
});

describe('dining and spa', () => {
  it('list, filter and detail dining offers with their offer line and terms', async () => {
    const list = await page(calls.diningList, { airportCode: 'NQY' });
    expect(list.items).toEqual([
      expect.objectContaining({ id: 'NQY-DIN-1', offer: '20% off food and drink', price: null }),
    ]);
    expect(
      ids(await page(calls.diningFilter, { airportCode: 'NQY', facilities: ['hot-food'] })),
    ).toEqual(['NQY-DIN-1']);
    expect(
      ids(await page(calls.diningFilter, { airportCode: 'NQY', terminal: 'Terminal 2' })),
    ).toEqual([]);
    const { body } = await t.call(calls.diningDetail, { id: 'NQY-DIN-1' });
    expect(body.result).toMatchObject({ terms: 'Show your membership card.', conditions: null });
    expect((await t.call(calls.diningDetail, { id: 'NQY-SPA-1' })).body.errorCode).toBe('10002');
  });

  it('list, filter and detail spa offers', async () => {
    expect(ids(await page(calls.spaList, { airportCode: 'NQY' }))).toEqual(['NQY-SPA-1']);
    expect(ids(await page(calls.spaFilter, { airportCode: 'NQY', keyword: 'seren' }))).toEqual([
      'NQY-SPA-1',
    ]);
    const { body } = await t.call(calls.spaDetail, { id: 'NQY-SPA-1' });
    expect(body.result).toMatchObject({ offer: '£15 voucher towards any treatment' });
    expect((await t.call(calls.spaDetail, { id: 'NQY-LNG-1' })).body.errorCode).toBe('10002');
    expect((await t.call(calls.spaList, unchecked({ airportCode: 'NQ1X' }))).body.errorCode).toBe(
      '10001',
    );
  });
});

describe('/fast-track/list', () => {
  it('lists lanes, optionally for one terminal', async () => {
    const all = await page(calls.fastTrackList, { airportCode: 'NQY' });
    expect(ids(all)).toEqual(['NQY-FT-1', 'NQY-FT-2']);
    expect(all.items[0]).toMatchObject({ price: { amount: 800, currency: 'GBP' } });
    expect(
      ids(await page(calls.fastTrackList, { airportCode: 'NQY', terminal: 'Terminal 2' })),
    ).toEqual(['NQY-FT-2']);
    expect((await page(calls.fastTrackList, { airportCode: 'ZZZ' })).total).toBe(0);
  });

  it('answers a lane in full on /fast-track/detail, as the other kinds are', async () => {
    const { body } = await t.call(calls.fastTrackDetail, { id: 'nqy-ft-1' });
    expect(body.state).toBe('1');
    const detail = body.result as ProductDetail;
    expect(detail).toMatchObject({
      id: 'NQY-FT-1',
      kind: 'fast-track',
      airportName: 'Cornwall Airport Newquay',
      lane: 'Fast Track Security, North',
      terms: 'Show your booking.',
      price: { amount: 800, currency: 'GBP' },
    });
    // What the page was missing (issue 21): a description, the week's hours, how to find it.
    expect(detail.description).not.toBe('');
    expect(detail.directions).not.toBe('');
    expect(Object.keys(detail.weeklyHours)).toHaveLength(7);
    for (const id of ['NQY-LNG-1', 'NQY-FT-99']) {
      const refused = await t.call(calls.fastTrackDetail, { id });
      expect(refused.body).toMatchObject({ state: '0', errorCode: '10002' });
    }
    const malformed = await t.call(calls.fastTrackDetail, unchecked({ id: 'x y' }));
    expect(malformed.body).toMatchObject({ state: '0', errorCode: '10001' });
  });

  it('refuses filters it does not take', async () => {
    const { body } = await t.call(
      calls.fastTrackList,
      unchecked({ airportCode: 'NQY', openNow: true }),
    );
    expect(body).toMatchObject({ state: '0', errorCode: '10001' });
  });
});
