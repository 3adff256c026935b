import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API_PREFIX, calls, type Hold } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberWithSession } from '../../../test/call-helpers';
import { insertMembership } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { NQY_PRODUCTS } from '../../../test/catalogue-fixtures';
import { buildApp } from '../../app';
import { registerCall } from '../calls';
import { upsertProducts } from '../../platform/catalogue/catalogue-store';
import { cacheClock, SETTLE_MS } from '../../platform/read-cache';
import { MEMBER_KEPT_MS } from '../auth';

/*
 * Issue 23: the cached public reads, and the slot grids members share, answered again without
 * Fastify while their cached answer is the current one (a grid, to a member whose token this
 * process checked lately). Through a listening server: app.inject never reaches the listener.
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

  it('is refused to a call with a budget and to one checking its token in its statement', () => {
    const reply = () => Promise.resolve({ items: [], total: 0, page: 1, pageSize: 10 });
    const refusal = 'a fast read has no budget and checks its token before its handler';
    const inStatement = () =>
      registerCall(app, calls.bookingList, reply as never, {
        fastRead: true,
        tokenInStatement: true,
      });
    expect(inStatement).toThrow(refusal);
    const budgeted = Object.values(calls).find((call) => call.ipLimit && call.auth !== 'member');
    expect(budgeted).toBeDefined();
    expect(() => registerCall(app, budgeted!, reply as never, { fastRead: true })).toThrow(refusal);
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

describe('the fast path for a member call whose answer members share: the slot grid', () => {
  const GRID = calls.availableTimes.path;
  const LOUNGE = 'NQY-LNG-1'; // 05:00–22:00 daily, 20 places a slot
  let date: string;
  let grid: string;
  const realCacheClock = cacheClock.now;
  beforeAll(() => {
    date = new Date(t.clock.now().getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
    grid = JSON.stringify({ code: LOUNGE, date });
  });
  beforeEach(() => {
    // The caches' time stands still, past the settling of the catalogue's import.
    const now = realCacheClock() + 10 * SETTLE_MS;
    cacheClock.now = () => now;
  });
  afterEach(() => {
    cacheClock.now = realCacheClock;
  });

  let serial = 0;
  const member = async () => {
    const m = await memberWithSession(t, { email: `fast.grid.${++serial}@example.com` });
    return { ...m, browser: { ...BROWSER, ...m.headers } };
  };
  const placesAt = (answer: Answer, time: string) =>
    (json(answer).result as { slots: { time: string; placesLeft: number }[] }).slots.find(
      (slot) => slot.time === time,
    )?.placesLeft;

  it('sends the grid again, private, to each member whose token it has checked lately', async () => {
    const ann = await member();
    const bob = await member();
    const first = await post(baseUrl, GRID, grid, ann.browser);
    expect(json(first)).toMatchObject({ state: '1', errorCode: null });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(throughFastify).toBe(1);
    const again = await post(baseUrl, GRID, grid, { ...ann.browser, 'x-request-id': 'desk-7' });
    expect(throughFastify).toBe(1);
    expect(again.body.equals(first.body)).toBe(true);
    expect(sameEveryTime(again.headers)).toEqual(sameEveryTime(first.headers));
    expect(again.headers['x-request-id']).toBe('desk-7');
    // Bob's token has not been checked by this process: Fastify checks it, then he shares it.
    const bobs = await post(baseUrl, GRID, grid, bob.browser);
    expect(throughFastify).toBe(2);
    expect(bobs.body.equals(first.body)).toBe(true);
    await post(baseUrl, GRID, grid, bob.browser);
    await post(baseUrl, GRID, grid, ann.browser);
    expect(throughFastify).toBe(2);
  });

  it('sends Fastify every token it has no live check of: none, unknown, past its time, revoked', async () => {
    const ann = await member();
    await post(baseUrl, GRID, grid, ann.browser);
    throughFastify = 0;
    for (const authorization of [undefined, 'Bearer unknown-token', 'Bearer ', 'x'.repeat(601)]) {
      const headers: Record<string, string> = { ...BROWSER };
      if (authorization !== undefined) headers.authorization = authorization;
      const refused = await post(baseUrl, GRID, grid, headers);
      expect(json(refused)).toMatchObject({ state: '0' });
    }
    expect(throughFastify).toBe(4);
    // Her token, checked lately, in a header longer than a call takes: refused, by Fastify.
    const padded = `Bearer${' '.repeat(600)}${ann.token}`;
    expect(app.keptMemberOf(`Bearer ${ann.token}`)).toBe(ann.user.id);
    const long = await post(baseUrl, GRID, grid, { ...BROWSER, authorization: padded });
    expect(json(long)).toMatchObject({ state: '0', errorCode: '10001' });
    expect(throughFastify).toBe(5);
    // A check is taken on this process's word for MEMBER_KEPT_MS, as Fastify's path takes it
    // (asked of the check itself: the grid's minute may turn in those seconds).
    const cy = await member();
    await post(baseUrl, GRID, grid, cy.browser);
    expect(app.keptMemberOf(cy.token)).toBe(cy.user.id);
    t.clock.advance(MEMBER_KEPT_MS);
    expect(app.keptMemberOf(cy.headers.authorization)).toBeUndefined();
    t.clock.advance(-MEMBER_KEPT_MS);
    // Ann logs out: her token is refused at once, by Fastify.
    await post(baseUrl, calls.logoutByToken.path, '{}', ann.browser);
    throughFastify = 0;
    const after = await post(baseUrl, GRID, grid, ann.browser);
    expect(json(after)).toMatchObject({ state: '0', errorCode: '20002' });
    expect(throughFastify).toBe(1);
  });

  it("sends a fast-track lane's grid again too, until the catalogue changes", async () => {
    const ann = await member();
    const lane = JSON.stringify({ code: 'NQY-FT-1', date, places: 1 });
    const path = calls.fastTrackAvailableTimes.path;
    const first = await post(baseUrl, path, lane, ann.browser);
    expect(json(first)).toMatchObject({ state: '1', errorCode: null });
    expect((await post(baseUrl, path, lane, ann.browser)).body.equals(first.body)).toBe(true);
    expect(throughFastify).toBe(1);
    await upsertProducts(app.db, NQY_PRODUCTS, 'import');
    const settled = cacheClock.now() + SETTLE_MS + 1;
    cacheClock.now = () => settled;
    expect(json(await post(baseUrl, path, lane, ann.browser)).state).toBe('1');
    expect(throughFastify).toBe(2);
  });

  it('sends Fastify a member holding places there that day, for an answer of their own', async () => {
    const ann = await member();
    const bob = await member();
    const own = await insertMembership(app.db, {
      userId: ann.user.id,
      registeredAt: new Date('2025-01-01'),
      passesPerYear: 2,
    });
    await post(baseUrl, GRID, grid, ann.browser);
    await post(baseUrl, GRID, grid, bob.browser);
    const held = await post(
      baseUrl,
      calls.startPreBooking.path,
      JSON.stringify({
        code: LOUNGE,
        date,
        time: '18:00',
        flightNumber: 'BA1234',
        guests: [],
        dpid: own.dpid,
      }),
      ann.browser,
    );
    expect((json(held).result as Hold).holdId).toBeDefined();
    // Once the hold has settled, the day is read again: Bob's answer shows it and is shared again.
    const settled = cacheClock.now() + SETTLE_MS + 1;
    cacheClock.now = () => settled;
    throughFastify = 0;
    const bobs = await post(baseUrl, GRID, grid, bob.browser);
    expect(placesAt(bobs, '18:00')).toBe(19);
    expect((await post(baseUrl, GRID, grid, bob.browser)).body.equals(bobs.body)).toBe(true);
    expect(throughFastify).toBe(1);
    // Ann's place is hers to choose again: never Bob's answer, each time from Fastify.
    for (let i = 0; i < 2; i++) {
      const anns = await post(baseUrl, GRID, grid, ann.browser);
      expect(placesAt(anns, '18:00')).toBe(20);
    }
    expect(throughFastify).toBe(3);
  });
});
