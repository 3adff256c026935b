import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API_PREFIX, calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { NQY_PRODUCTS } from '../../../test/catalogue-fixtures';
import { buildApp } from '../../app';
import { registerCall } from '../calls';
import { upsertProducts } from '../../platform/catalogue/catalogue-store';

/*
 * Issue 23: the cached public reads, answered again without Fastify while their cached answer is
 * the current one. Through a listening server: app.inject never reaches the listener.
 */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const BROWSER = { channel: 'ASE', 'content-type': 'application/json', 'accept-encoding': 'gzip' };

function post(
  baseUrl: string,
  path: string,
  body: string,
  headers: Record<string, string> = BROWSER,
  chunked = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${API_PREFIX}${path}`,
      {
        method: 'POST',
        agent: false,
        headers: chunked ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    if (chunked) req.write(body.slice(0, 3));
    req.end(chunked ? body.slice(3) : body);
  });
}

const json = (answer: Answer) =>
  JSON.parse(
    (answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body)
      : answer.body
    ).toString(),
  ) as { state: string; errorCode: string | null; result: unknown };

/** The headers that differ on every answer, whichever path sends it. */
const sameEveryTime = (headers: http.IncomingHttpHeaders) => {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
};

let t: TestApp;
let app: FastifyInstance;
let baseUrl: string;
/** How many requests reached Fastify (its first hook). */
let throughFastify = 0;

beforeAll(async () => {
  t = await createTestApp();
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
  app = await buildApp({ env: t.app.env, database: t.database, clock: t.clock, logger: false });
  app.addHook('onRequest', (_request, _reply, done) => {
    throughFastify++;
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await t.close();
});
beforeEach(() => {
  throughFastify = 0;
});

const LOUNGES = calls.loungeList.path;
const NQY = '{"airportCode":"NQY"}';

describe('the fast path for cached reads', () => {
  it('answers the same request again with the same bytes and headers, without Fastify', async () => {
    for (const path of [calls.airportListV2.path, LOUNGES]) {
      const body = path === LOUNGES ? NQY : '{}';
      const first = await post(baseUrl, path, body);
      expect(throughFastify).toBe(1);
      expect(json(first)).toMatchObject({ state: '1', errorCode: null });
      const again = await post(baseUrl, path, body, { ...BROWSER, 'x-request-id': 'desk-42' });
      expect(throughFastify).toBe(1);
      expect(again.status).toBe(200);
      expect(again.body.equals(first.body)).toBe(true);
      expect(sameEveryTime(again.headers)).toEqual(sameEveryTime(first.headers));
      expect(again.headers['x-request-id']).toBe('desk-42');
      expect(again.headers['content-security-policy']).toContain("default-src 'self'");
      throughFastify = 0;
    }
  });

  it('sends a request with another body, token, encoding or header to Fastify', async () => {
    await post(baseUrl, LOUNGES, NQY);
    throughFastify = 0;
    const other = await post(baseUrl, LOUNGES, '{"airportCode":"nqy"}');
    expect(json(other).state).toBe('1');
    await post(baseUrl, LOUNGES, NQY, { ...BROWSER, authorization: 'x'.repeat(601) });
    await post(baseUrl, LOUNGES, NQY, { ...BROWSER, 'accept-encoding': 'identity' });
    await post(baseUrl, LOUNGES, NQY, { ...BROWSER, 'if-none-match': '"x"' });
    const badChannel = await post(baseUrl, LOUNGES, NQY, { ...BROWSER, channel: 'XYZ' });
    expect(throughFastify).toBe(5);
    // Each still gets Fastify's own answer: the too long token and the bad channel are refused.
    expect(json(badChannel)).toMatchObject({ state: '0', errorCode: '10001' });
  });

  it('hands the body it read to Fastify, whose answers and errors are as before', async () => {
    const malformed = await post(baseUrl, LOUNGES, '{"airportCode":');
    expect(json(malformed)).toMatchObject({ state: '0', errorCode: '10001' });
    const invalid = await post(baseUrl, LOUNGES, '{"airportCode":"N"}');
    expect(json(invalid)).toMatchObject({ state: '0', errorCode: '10001' });
    // A failure is never kept: asked again, Fastify answers it again.
    await post(baseUrl, LOUNGES, '{"airportCode":"N"}');
    const chunked = await post(baseUrl, LOUNGES, '{"airportCode":"NQY","page":2}', BROWSER, true);
    expect(json(chunked)).toMatchObject({ state: '1', result: { page: 2 } });
    expect(throughFastify).toBe(4);
  });

  it('stops replaying an answer when its minute passes or the catalogue changes', async () => {
    const first = await post(baseUrl, LOUNGES, NQY);
    await post(baseUrl, LOUNGES, NQY);
    throughFastify = 0;
    t.clock.advance(60_000);
    await post(baseUrl, LOUNGES, NQY);
    expect(throughFastify).toBe(1);
    await post(baseUrl, LOUNGES, NQY);
    expect(throughFastify).toBe(1);

    app.productLists.invalidate();
    const renamed = NQY_PRODUCTS.map((p, i) => (i === 0 ? { ...p, name: 'Renamed Lounge' } : p));
    await upsertProducts(app.db, renamed, 'import');
    const after = await post(baseUrl, LOUNGES, NQY);
    expect(throughFastify).toBe(2);
    expect(after.body.equals(first.body)).toBe(false);
    expect(JSON.stringify(json(after))).toContain('Renamed Lounge');

    app.airportList.invalidate();
    await post(baseUrl, calls.airportListV2.path, '{}');
    await post(baseUrl, calls.airportListV2.path, '{}');
    expect(throughFastify).toBe(3);
    app.airportList.invalidate();
    await post(baseUrl, calls.airportListV2.path, '{}');
    expect(throughFastify).toBe(4);
  });

  it("sends the airport list's smaller brotli bytes once they are made, with their length", async () => {
    const br = { ...BROWSER, 'accept-encoding': 'br' };
    const path = calls.airportListV2.path;
    await post(baseUrl, path, '{}'); // the answer made and kept for the fast path
    throughFastify = 0;
    const first = await post(baseUrl, path, '{}', br);
    expect(first.headers['content-encoding']).toBe('br');
    await vi.waitFor(
      async () => {
        const later = await post(baseUrl, path, '{}', br);
        expect(later.body.length).toBeLessThan(first.body.length);
        expect(later.headers['content-length']).toBe(String(later.body.length));
        expect(brotliDecompressSync(later.body).equals(brotliDecompressSync(first.body))).toBe(
          true,
        );
      },
      { timeout: 20_000, interval: 100 },
    );
    // The fast path sent both sizes.
    expect(throughFastify).toBe(0);
  }, 30_000);

  it('is refused to a member call and to a call with a budget', () => {
    const reply = () => Promise.resolve({ items: [], total: 0, page: 1, pageSize: 10 });
    const member = () => registerCall(app, calls.bookingList, reply as never, { fastRead: true });
    expect(member).toThrow('only a public call with no budget can be a fast read');
    const budgeted = Object.values(calls).find((call) => call.ipLimit && call.auth !== 'member');
    expect(budgeted).toBeDefined();
    expect(() => registerCall(app, budgeted!, reply as never, { fastRead: true })).toThrow(
      'only a public call with no budget can be a fast read',
    );
  });

  it('is off when every answer is logged (LOG_CACHED_READS=1)', async () => {
    const logged = await buildApp({
      env: { ...t.app.env, LOG_CACHED_READS: true },
      database: t.database,
      clock: t.clock,
      logger: false,
    });
    try {
      expect(logged.fastReads).toBeUndefined();
    } finally {
      await logged.close();
    }
  });
});
