import { calls } from '@portal/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Paged, ProductSummary } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, unchecked } from '../../../../test/test-app';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';
import { productListCache } from '../product-list-cache';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';

describe('productListCache', () => {
  it('builds an answer once per key and minute, and callers during the build share it', async () => {
    const cache = productListCache();
    const build = vi.fn(() => Promise.resolve('{"a":1}'));
    const [a, b] = await Promise.all([cache.get('k', 1, build), cache.get('k', 1, build)]);
    expect(a).toBe(b);
    expect(await cache.get('k', 1, build)).toBe(a);
    expect(build).toHaveBeenCalledTimes(1);
    expect(a.body).toBe('{"a":1}');
    expect(gunzipSync(a.encoded('gzip')).toString()).toBe('{"a":1}');
    expect(brotliDecompressSync(a.encoded('br')).toString()).toBe('{"a":1}');
    expect(a.encoded('br')).toBe(a.encoded('br'));
  });

  it('builds again when the minute moves, after invalidate, and after a failed build', async () => {
    const cache = productListCache();
    let n = 0;
    const build = vi.fn(() => Promise.resolve(`{"n":${++n}}`));
    expect((await cache.get('k', 1, build)).body).toBe('{"n":1}');
    expect((await cache.get('k', 2, build)).body).toBe('{"n":2}');
    expect((await cache.get('k', 1, build)).body).toBe('{"n":3}');
    cache.invalidate();
    expect((await cache.get('k', 1, build)).body).toBe('{"n":4}');
    await expect(cache.get('bad', 1, () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect((await cache.get('bad', 1, build)).body).toBe('{"n":5}');
  });

  it('keeps at most its size, dropping the oldest key', async () => {
    const cache = productListCache(2);
    const build = vi.fn(() => Promise.resolve('{}'));
    await cache.get('a', 1, build);
    await cache.get('b', 1, build);
    await cache.get('c', 1, build);
    await cache.get('b', 1, build);
    expect(build).toHaveBeenCalledTimes(3);
    await cache.get('a', 1, build);
    expect(build).toHaveBeenCalledTimes(4);
  });

  it('says whether an answer is still the one it keeps (what the fast path replays)', async () => {
    const cache = productListCache(2);
    const build = () => Promise.resolve('{}');
    const a = await cache.get('a', 1, build);
    expect(cache.holds('a', 1, a)).toBe(true);
    expect(cache.holds('a', 2, a)).toBe(false);
    cache.invalidate();
    expect(cache.holds('a', 1, a)).toBe(false);
    const again = await cache.get('a', 1, build);
    expect(cache.holds('a', 1, again)).toBe(true);
    await cache.get('b', 1, build);
    await cache.get('c', 1, build);
    expect(cache.holds('a', 1, again)).toBe(false);
    await cache.get('b', 2, build);
    expect(cache.holds('c', 1, await cache.get('c', 1, build))).toBe(true);
  });
});

// Thursday 15 January 2026, 21:59 in London (GMT); NQY-LNG-1 is open 05:00–22:00.
const BEFORE_CLOSING = '2026-01-15T21:59:30Z';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: BEFORE_CLOSING });
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
});
afterAll(() => t.close());

async function lounges(): Promise<Paged<ProductSummary>> {
  const { body } = await t.call(calls.loungeList, { airportCode: 'NQY' });
  expect(body).toMatchObject({ state: '1', errorCode: null });
  return body.result as Paged<ProductSummary>;
}
const alpha = (list: Paged<ProductSummary>) => list.items.find((i) => i.id === 'NQY-LNG-1');

describe('product lists answered from the cache', () => {
  it('says what is open in the minute asked, not in the minute cached', async () => {
    expect(alpha(await lounges())?.openNow).toBe(true);
    t.clock.advance(60_000);
    expect(alpha(await lounges())?.openNow).toBe(false);
    t.clock.set(BEFORE_CLOSING);
  });

  it('shows a catalogue import at once', async () => {
    expect(alpha(await lounges())?.name).toBe('Alpha Lounge');
    const renamed = NQY_PRODUCTS.map((p) => (p.id === 'NQY-LNG-1' ? { ...p, name: 'Renamed' } : p));
    const imported = await t.app.inject({
      method: 'POST',
      url: '/ops-api/catalogue/import',
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ products: renamed }),
    });
    expect(imported.statusCode).toBe(200);
    expect(alpha(await lounges())?.name).toBe('Renamed');
  });

  it('answers the same JSON in brotli, gzip and plain, and 304 for the version held', async () => {
    const ask = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/client-api/lounge/filter/v2',
        headers: { channel: 'ASE', 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ airportCode: 'NQY', facilities: ['wifi'] }),
      });
    const plain = await ask({});
    const body = plain.json<{ state: string; result: Paged<ProductSummary> }>();
    expect(body.state).toBe('1');
    expect(body.result.items.length).toBeGreaterThan(0);
    const br = await ask({ 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await ask({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers.etag).toBe(br.headers.etag);
    expect(plain.headers['cache-control']).toBe('no-cache');
    const again = await ask({ 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps refusals out of the cache: a malformed filter still answers 10001', async () => {
    const { body } = await t.call(
      calls.loungeFilter,
      unchecked({ airportCode: 'NQY', openNow: 'yes' }),
    );
    expect(body).toMatchObject({ state: '0', errorCode: '10001' });
  });
});
