import { calls } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, unchecked } from '../../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('/area/country-list-telCode', () => {
  it('answers every dial code, GB with 44', async () => {
    const { response, body } = await t.call(calls.countryListTelCode);
    expect(response.statusCode).toBe(200);
    expect(body.state).toBe('1');
    const rows = body.result as { name: string; telabbr: string; ios2: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(rows).toContainEqual({
      name: 'United Kingdom',
      telabbr: '44',
      ios2: 'GB',
    });
    expect(rows.find((r) => r.ios2 === 'US')?.telabbr).toBe('1');
    // In British alphabetical order to the end, accented names included.
    const names = rows.map((r) => r.name);
    const collator = new Intl.Collator('en-GB', { sensitivity: 'base' });
    expect(names).toEqual([...names].sort((a, b) => collator.compare(a, b)));
    expect(names.at(-1)).toMatch(/^Z/);
  });

  it('refuses a payload with unknown fields', async () => {
    const { response, body } = await t.call(calls.countryListTelCode, unchecked({ extra: 1 }));
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ state: '0', errorCode: '10001' });
  });
});

describe('/airport/list-v2', () => {
  it('answers every airport with an IATA code, LHR in London GB', async () => {
    const { response, body } = await t.call(calls.airportListV2);
    expect(response.statusCode).toBe(200);
    expect(body.state).toBe('1');
    const rows = body.result as {
      iataCode: string;
      city: string;
      country: string;
      timeZone: string;
    }[];
    expect(rows.length).toBeGreaterThanOrEqual(4000);
    expect(rows.find((r) => r.iataCode === 'LHR')).toMatchObject({
      name: 'London Heathrow Airport',
      city: 'London',
      country: 'GB',
      code: 'EGLL',
      timeZone: 'Europe/London',
    });
    expect(rows.find((r) => r.iataCode === 'DXB')?.timeZone).toBe('Asia/Dubai');
    expect(rows.every((r) => r.city.length > 0)).toBe(true);
  });

  it('is cacheable: an ETag, and 304 when it matches', async () => {
    const first = await t.call(calls.airportListV2);
    const etag = first.response.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({
      method: 'POST',
      url: '/client-api/airport/list-v2',
      headers: { channel: 'ASE', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is compressed when the client accepts gzip', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/client-api/airport/list-v2',
      headers: { channel: 'ASE', 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(400_000);
    const { gunzipSync } = await import('node:zlib');
    const body = JSON.parse(gunzipSync(response.rawPayload).toString('utf8')) as {
      result: unknown[];
    };
    expect(body.result.length).toBeGreaterThanOrEqual(4000);
  });

  it("is sent in brotli's best quality once that is made off the event loop, the same list", async () => {
    const { brotliDecompressSync } = await import('node:zlib');
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/client-api/airport/list-v2',
        headers: { channel: 'ASE', 'accept-encoding': 'gzip, deflate, br' },
      });
    t.app.airportList.invalidate();
    const first = await ask();
    expect(first.headers['content-encoding']).toBe('br');
    // Quality 9 at once; 11 a second or so later, on the thread pool, while calls are answered.
    let best = first;
    await vi.waitFor(
      async () => {
        best = await ask();
        expect(best.rawPayload.length).toBeLessThan(first.rawPayload.length * 0.9);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(best.headers['content-length']).toBe(String(best.rawPayload.length));
    expect(best.headers.etag).toBe(first.headers.etag);
    expect(
      brotliDecompressSync(best.rawPayload).equals(brotliDecompressSync(first.rawPayload)),
    ).toBe(true);
  }, 30_000);

  it('answers uncompressed JSON to a client that takes no encoding', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/client-api/airport/list-v2',
      headers: { channel: 'ASE', 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json<{ state: string }>().state).toBe('1');
  });

  it('accepts an empty JSON body and refuses a wrong channel header', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/client-api/airport/list-v2',
      headers: { channel: 'ASE', 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.json()).toMatchObject({ state: '1' });
    const { body } = await t.call(calls.airportListV2, {}, { channel: 'XYZ' });
    expect(body).toMatchObject({ state: '0', errorCode: '10001' });
  });
});

describe('/tc/link and /tc/list', () => {
  it('answers one terms link per card type of the issuer', async () => {
    const { body } = await t.call(calls.tcLink, { channel: 'coop' });
    expect(body.state).toBe('1');
    const links = body.result as { cardType: string; url: string; text: string }[];
    expect(links.length).toBe(3);
    expect(links[0]).toMatchObject({ cardType: 'Platinum Credit Card' });
    expect(links[0]?.url).toMatch(/^\/terms-and-conditions\?issuer=coop&cardType=platinum$/);
  });

  it('takes ubni as ulster', async () => {
    const { body } = await t.call(calls.tcLink, { channel: 'ubni' });
    expect((body.result as { url: string }[])[0]?.url).toContain('issuer=ulster');
  });

  it('refuses an unknown or missing channel', async () => {
    for (const payload of [{ channel: 'nobank' }, {}, { channel: 7 }]) {
      const { response, body } = await t.call(calls.tcLink, unchecked(payload));
      expect(response.statusCode).toBe(200);
      expect(body).toMatchObject({ state: '0', errorCode: '10001' });
    }
  });

  it('lists the legal documents', async () => {
    const { body } = await t.call(calls.tcList, { channel: 'natwest' });
    const docs = body.result as { id: string; url: string }[];
    expect(docs.map((d) => d.id)).toEqual([
      'terms-and-conditions',
      'terms-conditions',
      'terms-use',
      'privacy-policy',
      'cookie-policy',
      'accessibility',
      'dining-terms',
    ]);
    expect(docs[0]?.url).toBe('/terms-and-conditions?issuer=natwest');
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, honouring q=0', async () => {
    const { preferredEncoding } = await import('../../../platform/encoded-answer');
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
